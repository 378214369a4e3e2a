import { describe, expect, it } from 'vitest';
import type { CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import { SextantError } from '../../kernel/errors.js';
import { historyAttributesOf, planUpdate, readerAttributesOf, resourceHashOf } from './plan-update.js';

function table(name: string, comment: string | null = null): CatalogObject[] {
  const tableId = `s:table:public.${name}`;
  return [
    {
      id: tableId,
      source: 's',
      kind: 'table',
      path: `public.${name}`,
      name,
      parentId: null,
      resource: `relation:public.${name}`,
      comment,
      definition: null,
      attributes: {},
    },
    {
      id: `s:column:public.${name}.id`,
      source: 's',
      kind: 'column',
      path: `public.${name}.id`,
      name: 'id',
      parentId: tableId,
      resource: `relation:public.${name}`,
      comment: null,
      definition: null,
      attributes: { dataType: 'integer' },
    },
  ];
}

const snap = (...objects: CatalogObject[][]): SourceSnapshot => ({ objects: objects.flat(), edges: [], info: {} });

/** A code file with one symbol (its hash attribute is its path unless `attributes` say otherwise). */
function file(path: string, attributes: Record<string, unknown>, comment: string | null = null): CatalogObject[] {
  const id = `s:code_file:${path}`;
  const resource = `file:${path}`;
  return [
    {
      id,
      source: 's',
      kind: 'code_file',
      path,
      name: path,
      parentId: null,
      resource,
      comment,
      definition: null,
      attributes: { hash: path, ...attributes },
    },
    {
      id: `${id}#f`,
      source: 's',
      kind: 'code_symbol',
      path: `${path}#f`,
      name: 'f',
      parentId: id,
      resource,
      comment: null,
      definition: null,
      attributes: { commits: 1 },
    },
  ];
}
describe('planUpdate', () => {
  it('adds everything on first run and nothing on an identical second run', () => {
    const first = planUpdate(snap(table('a'), table('b')), new Map());
    expect(first.added.map((r) => r.resource).sort()).toEqual(['relation:public.a', 'relation:public.b']);
    const second = planUpdate(snap(table('a'), table('b')), first.resourceHashes);
    expect(second.sourceHash).toBe(first.sourceHash);
    expect([second.added, second.changed, second.removed].map((x) => x.length)).toEqual([0, 0, 0]);
  });

  it('reports one changed and one removed resource', () => {
    const first = planUpdate(snap(table('a'), table('b'), table('c')), new Map());
    const next = planUpdate(snap(table('a', 'now commented'), table('b')), first.resourceHashes);
    expect(next.sourceHash).not.toBe(first.sourceHash);
    expect(next.changed.map((r) => r.resource)).toEqual(['relation:public.a']);
    expect(next.removed).toEqual(['relation:public.c']);
    expect(next.added).toEqual([]);
  });

  it('hashes independently of attribute key order', () => {
    const a = table('a');
    const reordered = a.map((o) => ({ ...o, attributes: Object.fromEntries(Object.entries(o.attributes).reverse()) }));
    expect(planUpdate(snap(a), new Map()).sourceHash).toBe(planUpdate(snap(reordered), new Map()).sourceHash);
  });

  it('refuses a snapshot that names one object twice, naming the object, before anything is planned', () => {
    const [t, column] = table('a');
    const twice = snap([t!, column!, { ...column!, comment: 'again' }]);
    expect(() => planUpdate(twice, new Map())).toThrow(SextantError);
    expect(() => planUpdate(twice, new Map())).toThrow("the scan of source 's' named object 's:column:public.a.id' twice (in relation:public.a)");
  });

  describe('history attributes', () => {
    const HISTORY = historyAttributesOf({
      objectKinds: [
        { kind: 'code_file', label: 'code file', chunked: true, historyAttributes: ['commits', 'recentChanges'] },
        { kind: 'code_symbol', label: 'code symbol', chunked: true },
      ],
    });
    const history = (ago: number) => ({ commits: 2, recentChanges: [{ ago, files: 1 }] });

    it('counts a resource whose only change is in history attributes apart from one whose content changed', () => {
      const first = planUpdate(snap(file('a.ts', history(0)), file('b.ts', history(1))), new Map(), HISTORY);
      // a new commit edits a.ts: b.ts only moves one place down the log
      const next = planUpdate(snap(file('a.ts', history(0), 'edited'), file('b.ts', history(2))), first.resourceHashes, HISTORY);
      expect(next.sourceHash).not.toBe(first.sourceHash);
      expect(next.changed.map((r) => r.resource)).toEqual(['file:a.ts']);
      expect(next.history.map((r) => r.resource)).toEqual(['file:b.ts']);
      // rewritten with the new history, so the next identical run is unchanged
      expect(next.history[0]!.objects[0]!.attributes.recentChanges).toEqual([{ ago: 2, files: 1 }]);
      const again = planUpdate(snap(file('a.ts', history(0), 'edited'), file('b.ts', history(2))), next.resourceHashes, HISTORY);
      expect(again.sourceHash).toBe(next.sourceHash);
      expect([again.added, again.changed, again.history, again.removed].map((x) => x.length)).toEqual([0, 0, 0, 0]);
    });

    it('a change of a non-history attribute, or of an attribute of that name on a kind that does not declare it, is a content change', () => {
      const first = planUpdate(snap(file('a.ts', history(0)), file('b.ts', history(0))), new Map(), HISTORY);
      const next = planUpdate(snap(file('a.ts', { ...history(0), hash: 'other' }), file('b.ts', history(0))), first.resourceHashes, HISTORY);
      expect(next.changed.map((r) => r.resource)).toEqual(['file:a.ts']);
      const [fileObject, symbol] = file('b.ts', history(0));
      const symbolMoved = planUpdate(snap(file('a.ts', history(0)), [fileObject!, { ...symbol!, attributes: { commits: 2 } }]), first.resourceHashes, HISTORY);
      expect(symbolMoved.changed.map((r) => r.resource)).toEqual(['file:b.ts']);
      expect(symbolMoved.history).toEqual([]);
    });

    it('history gained by a file without any is history only; without history the hash is the one every resource had before', () => {
      const bare = file('a.ts', {});
      const first = planUpdate(snap(bare), new Map(), HISTORY);
      expect(first.resourceHashes.get('file:a.ts')).toBe(resourceHashOf({ objects: bare, edges: [] }).hash);
      const next = planUpdate(snap(file('a.ts', history(0))), first.resourceHashes, HISTORY);
      expect(next.history.map((r) => r.resource)).toEqual(['file:a.ts']);
      expect(next.changed).toEqual([]);
    });

    it('a hash stored by older code (over history and content alike): history only while it still matches, changed once history moved', () => {
      const objects = file('a.ts', history(0));
      const older = new Map([['file:a.ts', resourceHashOf({ objects, edges: [] }).hash]]);
      const same = planUpdate(snap(objects), older, HISTORY);
      expect([same.changed, same.history.map((r) => r.resource)]).toEqual([[], ['file:a.ts']]);
      const after = planUpdate(snap(objects), same.resourceHashes, HISTORY);
      expect([after.changed, after.history].map((x) => x.length)).toEqual([0, 0]);
      const moved = planUpdate(snap(file('a.ts', history(1))), older, HISTORY);
      expect([moved.changed.map((r) => r.resource), moved.history]).toEqual([['file:a.ts'], []]);
    });
  });

  describe('reader attributes', () => {
    const KINDS = {
      objectKinds: [
        { kind: 'code_file', label: 'code file', chunked: true, historyAttributes: ['commits'], reader: { version: 'scan', inputs: ['hash'] } },
        { kind: 'code_symbol', label: 'code symbol', chunked: true },
      ],
    };
    const HISTORY = historyAttributesOf(KINDS);
    const READERS = readerAttributesOf(KINDS);
    /** A file as a reader of version `scan` writes it: a newer one also counts its doc lines. */
    const read = (path: string, scan: number, text = path, commits = 1) =>
      file(path, { hash: `sha(${text})`, scan, commits, ...(scan > 1 ? { docLines: text.length } : {}) });
    const plan = (objects: CatalogObject[][], before: { objects: CatalogObject[]; hashes: ReadonlyMap<string, string> }) =>
      planUpdate(snap(...objects), before.hashes, HISTORY, { readers: READERS, stored: before.objects });
    const counts = (p: ReturnType<typeof planUpdate>) => ({
      added: p.added.map((r) => r.resource),
      changed: p.changed.map((r) => r.resource),
      history: p.history.map((r) => r.resource),
      rescanned: p.rescanned.map((r) => r.resource),
    });
    function indexed(objects: CatalogObject[][]) {
      return { objects: objects.flat(), hashes: planUpdate(snap(...objects), new Map(), HISTORY).resourceHashes };
    }

    it('a file a newer reader read again from the same text is rescanned, one whose text changed too is changed', () => {
      const before = indexed([read('a.ts', 1), read('b.ts', 1), read('c.ts', 1)]);
      const next = plan([read('a.ts', 2), read('b.ts', 2, 'edited'), read('c.ts', 2, 'c.ts', 2)], before);
      expect(counts(next)).toEqual({ added: [], changed: ['file:b.ts'], history: [], rescanned: ['file:a.ts', 'file:c.ts'] });
      // rewritten as the new reader wrote them: the next identical run is unchanged
      expect(next.rescanned[0]!.objects[0]!.attributes.scan).toBe(2);
      const after = plan([read('a.ts', 2), read('b.ts', 2, 'edited'), read('c.ts', 2, 'c.ts', 2)], {
        objects: [read('a.ts', 2), read('b.ts', 2, 'edited'), read('c.ts', 2, 'c.ts', 2)].flat(),
        hashes: next.resourceHashes,
      });
      expect(after.sourceHash).toBe(next.sourceHash);
      expect(counts(after)).toEqual({ added: [], changed: [], history: [], rescanned: [] });
    });

    it('after a downgrade (the stored version is higher than the running one) a file read from the same text is rescanned too', () => {
      const before = indexed([read('a.ts', 2), read('b.ts', 2), read('c.ts', 2)]);
      // the older reader writes no docLines: content differs by more than the version, the inputs do not
      const next = plan([read('a.ts', 1), read('b.ts', 1, 'edited'), read('c.ts', 1, 'c.ts', 3)], before);
      expect(counts(next)).toEqual({ added: [], changed: ['file:b.ts'], history: [], rescanned: ['file:a.ts', 'file:c.ts'] });
      expect(next.rescanned[0]!.objects[0]!.attributes.scan).toBe(1);
    });

    it('the same reader with the same text: history only or changed as before; a new file is added, not rescanned', () => {
      const before = indexed([read('a.ts', 2), read('b.ts', 2)]);
      const [fileObject, symbol] = read('b.ts', 2);
      const next = plan([read('a.ts', 2, 'a.ts', 5), [fileObject!, { ...symbol!, definition: 'f()' }], read('new.ts', 2)], before);
      expect(counts(next)).toEqual({ added: ['file:new.ts'], changed: ['file:b.ts'], history: ['file:a.ts'], rescanned: [] });
    });

    it('without the stored objects, or for a family that declares no reader, a reread file counts as changed', () => {
      const before = indexed([read('a.ts', 1)]);
      expect(counts(planUpdate(snap(read('a.ts', 2)), before.hashes, HISTORY)).changed).toEqual(['file:a.ts']);
      expect(counts(planUpdate(snap(read('a.ts', 2)), before.hashes, HISTORY, { readers: new Map(), stored: before.objects })).changed).toEqual(['file:a.ts']);
      // a file stored before its kind carried a version is read by a newer reader too
      const [unversioned, symbol] = read('a.ts', 1);
      const older = { ...unversioned!, attributes: { hash: 'sha(a.ts)', commits: 1 } };
      expect(counts(plan([read('a.ts', 2)], indexed([[older, symbol!]]))).rescanned).toEqual(['file:a.ts']);
    });
  });
});
