import { describe, expect, it } from 'vitest';
import { basenameScoring, caseInsensitiveMatch, exactMatch, extensionSwaps, normalizeSeedPath, resolveSeedPath } from './resolve-seed.js';

const NODES = [
  'src/billing/pay.ts',
  'src/billing/index.ts',
  'src/billing/Invoice.ts',
  'src/legacy/pay.js',
  'src/ui/pay.tsx',
  'src/util/format.mjs',
  'test/billing/pay.test.ts',
  'lib/deep/billing/pay.ts',
];

describe('seed resolution', () => {
  it('exact before anything else', () => {
    expect(exactMatch('src/legacy/pay.js', NODES)).toBe('src/legacy/pay.js');
    expect(exactMatch('src/legacy/PAY.js', NODES)).toBeNull();
    expect(resolveSeedPath('src/ui/pay.tsx', NODES)).toEqual({ id: 'src/ui/pay.tsx', how: 'exact' });
  });

  it('case-insensitive', () => {
    expect(caseInsensitiveMatch('SRC/Billing/invoice.TS', NODES)).toBe('src/billing/Invoice.ts');
    expect(resolveSeedPath('src/billing/invoice.ts', NODES)).toEqual({ id: 'src/billing/Invoice.ts', how: 'case-insensitive' });
  });

  it('extension swaps: .js written for .ts, no extension, a folder for its index', () => {
    expect(extensionSwaps('src/billing/pay.js', NODES)).toBe('src/billing/pay.ts');
    expect(extensionSwaps('src/util/format', NODES)).toBe('src/util/format.mjs');
    expect(extensionSwaps('src/billing', NODES)).toBe('src/billing/index.ts');
    expect(extensionSwaps('src/billing/index.js', NODES)).toBe('src/billing/index.ts');
    expect(extensionSwaps('src/nothing.js', NODES)).toBeNull();
    expect(resolveSeedPath('src/ui/pay.jsx', NODES)).toEqual({ id: 'src/ui/pay.tsx', how: 'extension' });
  });

  it('basename scoring prefers the most shared trailing folders, then the shorter path', () => {
    expect(basenameScoring('billing/pay.ts', NODES)).toBe('src/billing/pay.ts');
    expect(basenameScoring('deep/billing/pay', NODES)).toBe('lib/deep/billing/pay.ts');
    // only the base name in common: the shortest path wins
    expect(basenameScoring('pay', NODES)).toBe('src/ui/pay.tsx');
    expect(basenameScoring('missing.ts', NODES)).toBeNull();
    expect(resolveSeedPath('other/billing/pay.ts', NODES)).toEqual({ id: 'src/billing/pay.ts', how: 'basename' });
  });

  it('an unknown seed resolves to nothing', () => {
    expect(resolveSeedPath('src/unknown/thing.ts', NODES)).toBeNull();
    expect(resolveSeedPath('src/unknown/thing.ts', [])).toBeNull();
  });

  it('seed paths stay inside the repository', () => {
    expect(normalizeSeedPath('./src\\billing\\pay.ts')).toBe('src/billing/pay.ts');
    expect(normalizeSeedPath('/repo/src/pay.ts', '/repo')).toBe('src/pay.ts');
    expect(normalizeSeedPath('./src/./billing/./pay.ts')).toBe('src/billing/pay.ts');
    for (const bad of ['../etc/passwd', 'src/../../x.ts', '/etc/passwd', 'C:/windows/x.ts'])
      expect(() => normalizeSeedPath(bad, '/repo')).toThrow(/inside the repository/);
  });
});
