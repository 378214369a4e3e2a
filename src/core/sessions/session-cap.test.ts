import { describe, expect, it } from 'vitest';
import { sessionsToEvict, type OpenSessionLoad } from './session-cap.js';

const s = (id: string, owner: string, lastActiveAt: number, busy = false): OpenSessionLoad => ({ id, owner, lastActiveAt, busy });
const caps = { perCredential: 2, total: 4 };

describe('session caps', () => {
  it('evicts nothing below both caps', () => {
    expect(sessionsToEvict([s('a1', 'a', 1)], 'a', caps)).toEqual([]);
  });

  it("at the credential's cap, closes its session idle longest, not another credential's", () => {
    expect(sessionsToEvict([s('b1', 'b', 0), s('a1', 'a', 5), s('a2', 'a', 3)], 'a', caps)).toEqual(['a2']);
  });

  it('at the total cap, closes the session idle longest of any credential', () => {
    expect(sessionsToEvict([s('a1', 'a', 5), s('b1', 'b', 2), s('c1', 'c', 9), s('d1', 'd', 7)], 'e', caps)).toEqual(['b1']);
  });

  it('skips busy sessions, and one eviction can serve both caps', () => {
    expect(sessionsToEvict([s('a1', 'a', 1, true), s('a2', 'a', 2), s('b1', 'b', 0), s('c1', 'c', 3)], 'a', caps)).toEqual(['a2']);
  });

  it('refuses with TOO_MANY_SESSIONS when every session that would have to go is busy', () => {
    expect(() => sessionsToEvict([s('a1', 'a', 1, true), s('a2', 'a', 2, true)], 'a', caps)).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_SESSIONS', message: expect.stringContaining('limit 2') }),
    );
    const full = [s('a1', 'a', 1, true), s('b1', 'b', 2, true), s('c1', 'c', 3, true), s('d1', 'd', 4, true)];
    expect(() => sessionsToEvict(full, 'e', caps)).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_SESSIONS', message: expect.stringContaining('limit of 4') }),
    );
  });
});
