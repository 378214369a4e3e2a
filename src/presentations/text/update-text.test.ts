import { describe, expect, it } from 'vitest';
import { resourceCounts } from './update-text.js';

describe('resourceCounts', () => {
  it('names history-only resources apart, and only when there are some', () => {
    expect(resourceCounts({ added: 0, changed: 1, history: 723, removed: 0 })).toBe('0 added, 1 changed, 723 with new history only, 0 removed');
    expect(resourceCounts({ added: 3, changed: 0, history: 0, removed: 1 })).toBe('3 added, 0 changed, 1 removed');
  });
});
