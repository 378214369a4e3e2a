import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type nlpTwo from 'compromise/two';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../bench/scale-catalog.js';
import { bulkMatch, fasterRuleSweep } from './rule-sweep.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/** A compromise of its own (a fresh module instance), so plugins installed elsewhere do not reach it. */
function freshCompromise(): typeof nlpTwo {
  delete require.cache[require.resolve('compromise/two')];
  return require('compromise/two') as typeof nlpTwo;
}

/** `COMMENT ON … IS '…'` texts of SQL files. */
function sqlComments(files: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/COMMENT ON [^']*? IS\s+'((?:[^']|'')*)'/gu)) out.push((m[1] as string).replace(/''/g, "'"));
  }
  return out;
}

function realComments(): string[] {
  const demo = join(here, '../../demo/sample');
  const bird = resolve(here, '../../../../shared/bench/schema-linking/bird/schemas');
  if (!existsSync(bird)) throw new Error(`BIRD schemas not found at ${bird}: the shared folder must sit beside the repository`);
  const files = [demo, bird].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => join(dir, f)),
  );
  const generated = generateCatalog('scale', 300, 6000).objects.flatMap((o) => (o.comment ? [o.comment] : []));
  return [...new Set([...sqlComments(files), ...generated.slice(0, 1000)])];
}

/** Every term with its tags, as the tagger (and the verbs' roots, as prose.ts asks) leave them. */
function tagsOf(nlp: typeof nlpTwo, text: string): string {
  const doc = nlp(text);
  doc.match('#Verb').compute('root');
  const document = doc.document as unknown as Array<Array<{ text: string; pre: string; post: string; normal: string; tags: Set<string>; root?: string }>>;
  return JSON.stringify(document.map((s) => s.map((t) => [t.pre, t.text, t.post, t.normal, t.root ?? null, [...t.tags].sort()])));
}

describe('the faster rule sweep', () => {
  const original = freshCompromise();
  const faster = freshCompromise().plugin(fasterRuleSweep);

  it('is installed on its compromise instance only', () => {
    const bulkMatchOf = (nlp: typeof nlpTwo) => (nlp.methods() as { one: { bulkMatch: unknown } }).one.bulkMatch;
    expect(bulkMatchOf(faster)).toBe(bulkMatch);
    expect(bulkMatchOf(original)).not.toBe(bulkMatch);
  });

  it('tags real comments exactly as compromise does, one text and many to a call', () => {
    const texts = realComments();
    expect(texts.length).toBeGreaterThan(1000);
    const alone = texts.filter((_, i) => i % 10 === 0);
    expect(alone.filter((text) => tagsOf(original, text) !== tagsOf(faster, text))).toEqual([]);
    for (let i = 0; i < texts.length; i += 100) {
      const joined = texts.slice(i, i + 100).join('\n\n');
      expect(tagsOf(faster, joined)).toBe(tagsOf(original, joined));
    }
  }, 60_000);

  it('finds the same matches of a custom net, and stops at the first one when asked', () => {
    const matches = [{ match: '#Noun of the #Noun' }, { match: 'the [#Adjective]', group: 0 }, { match: '(invoice|payment) #Verb' }, { match: '.' }];
    const text = 'The amount of the invoice. The net price, before the tax. Payment received late.';
    const found = (nlp: typeof nlpTwo, matchOne: boolean) =>
      nlp(text)
        .sweep(nlp.buildNet(matches), { tagger: false, matchOne })
        .found.map((f) => {
          const { match, view } = f as { match: string; view: { text(): string } };
          return `${match}=${view.text()}`;
        });
    const all = found(original, false);
    expect(all.length).toBeGreaterThan(3);
    expect(found(faster, false)).toEqual(all);
    expect(found(faster, true)).toEqual(found(original, true));
    expect(found(faster, true)).toHaveLength(1);
  });
});
