import { describe, expect, it } from 'vitest';
import { cleanAliases } from './glossary-service.js';
import { cleanName, glossaryKey } from '../../kernel/text/glossary-key.js';

describe('glossary names', () => {
  it.each([
    ['Active  Users', 'active users'],
    ['  MRR ', 'mrr'],
    ['Ｍａｕ', 'mau'],
  ])('keys %j as %j', (name, key) => {
    expect(glossaryKey(name)).toBe(key);
  });

  it('cleans names and drops empty, repeated and self aliases', () => {
    expect(cleanName('  Net   Revenue ')).toBe('Net Revenue');
    expect(cleanAliases(['MRR', ' mrr', '', 'Monthly  Revenue', 'net revenue'], 'Net Revenue')).toEqual(['MRR', 'Monthly Revenue']);
  });
});
