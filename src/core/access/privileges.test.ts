import { describe, expect, it } from 'vitest';
import { privilegeRefusal, sourceAcceptsExtraPrivileges } from './privileges.js';

const findings = Array.from({ length: 120 }, (_, i) => ({
  code: 'TABLE_WRITE',
  severity: 'fail' as const,
  message: `can INSERT into public.table_${i} ${'x'.repeat(300)}`,
}));

describe('privilege refusal', () => {
  it('is one short line however many findings there are, and names the command that lists them all', () => {
    const err = privilegeRefusal('shop', { ok: false, role: 'app', findings }, 'nothing was read');
    expect(err.code).toBe('PRIVILEGES_TOO_BROAD');
    expect(err.message).toMatch(/^role 'app' of source 'shop' has more than read privileges \(120 findings: /);
    expect(err.message).toContain('and 117 more (`sextant auth check --source shop` lists all)');
    expect(err.message.length).toBeLessThan(800);
    expect(err.message).not.toContain('\n');
    expect(err.details?.findings).toHaveLength(120);
  });

  it('reads the acceptance stored on the source', () => {
    const source = { name: 's', type: 'postgres', url: 'postgres://x', createdAt: '' };
    expect(sourceAcceptsExtraPrivileges({ ...source, options: { allowExtraPrivileges: true } })).toBe(true);
    expect(sourceAcceptsExtraPrivileges({ ...source, options: {} })).toBe(false);
  });
});
