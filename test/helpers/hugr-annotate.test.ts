/** The annotator reproduces the extension fields of the hand-built acme introspection fixture. */
import { expect, it } from 'vitest';
import { ACME } from './hugr-fixtures.js';
import { hugrIntrospection } from './hugr-annotate.js';

it('computes hugr_type/module/catalog/mcp_exclude exactly as the acme fixture has them', () => {
  const expected = ACME.introspection().data.__schema.types as any[];
  const actual = new Map((hugrIntrospection(ACME.sdl()).data.__schema.types as any[]).map((t) => [t.name, t]));
  const diffs: string[] = [];
  for (const t of expected) {
    const a = actual.get(t.name);
    if (!a) {
      diffs.push(`missing type ${t.name}`);
      continue;
    }
    for (const k of ['hugr_type', 'module', 'catalog']) if (a[k] !== t[k]) diffs.push(`${t.name}.${k}: ${a[k]} != ${t[k]}`);
    for (const f of t.fields ?? []) {
      const af = a.fields.find((x: any) => x.name === f.name);
      for (const k of ['hugr_type', 'catalog', 'mcp_exclude']) if (af?.[k] !== f[k]) diffs.push(`${t.name}.${f.name}.${k}: ${af?.[k]} != ${f[k]}`);
    }
  }
  expect(diffs).toEqual([]);
});
