/**
 * Contract every source connector passes (issue #9): ids are `<source>:<kind>:<path>`, every
 * object has a resource and a kind its family declares, parents exist, edges point to known
 * objects, two introspections give the same snapshot in the same order, and no row value
 * enters it. Run by test/contracts/connectors.test.ts against each connector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceSnapshot } from '../../src/ports/catalog.js';
import type { Connector, SourceRecord } from '../../src/ports/connector.js';
import type { SourceKind } from '../../src/ports/source-kind.js';

export interface ConnectorFixture {
  connector: Connector;
  source: SourceRecord;
  /** The family serving the source's type. */
  family: SourceKind;
  /** Values stored in the source's rows: none may appear in a snapshot. */
  rowValues: readonly string[];
  cleanup(): Promise<void>;
}

export function describeConnectorContract(name: string, setup: () => Promise<ConnectorFixture>): void {
  describe(`connector contract: ${name}`, () => {
    let fixture: ConnectorFixture;
    let snapshot: SourceSnapshot;

    beforeAll(async () => {
      fixture = await setup();
      fixture.connector.validate(fixture.source);
      snapshot = await fixture.connector.introspect(fixture.source);
    });

    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('finds objects', () => {
      expect(snapshot.objects.length).toBeGreaterThan(0);
    });

    it('names every object <source>:<kind>:<path>, in the source it came from', () => {
      const bad = snapshot.objects.filter((o) => o.source !== fixture.source.name || o.id !== `${fixture.source.name}:${o.kind}:${o.path}`).map((o) => o.id);
      expect(bad).toEqual([]);
      expect(new Set(snapshot.objects.map((o) => o.id)).size).toBe(snapshot.objects.length);
    });

    it('gives every object a resource and a kind its family declares', () => {
      const declared = new Set(fixture.family.objectKinds.map((k) => k.kind));
      expect(snapshot.objects.filter((o) => !o.resource).map((o) => o.id)).toEqual([]);
      expect([...new Set(snapshot.objects.map((o) => o.kind))].filter((k) => !declared.has(k))).toEqual([]);
    });

    it('has every parent in the snapshot', () => {
      const ids = new Set(snapshot.objects.map((o) => o.id));
      expect(snapshot.objects.filter((o) => o.parentId !== null && !ids.has(o.parentId)).map((o) => `${o.id} → ${o.parentId}`)).toEqual([]);
    });

    it('points every edge at known objects and gives it a resource', () => {
      const ids = new Set(snapshot.objects.map((o) => o.id));
      expect(snapshot.edges.filter((e) => !ids.has(e.fromId) || !ids.has(e.toId) || !e.resource).map((e) => `${e.fromId} -${e.kind}-> ${e.toId}`)).toEqual([]);
    });

    it('gives the same snapshot, in the same order, every time', async () => {
      const again = await fixture.connector.introspect(fixture.source);
      expect(JSON.stringify(again.objects)).toBe(JSON.stringify(snapshot.objects));
      expect(JSON.stringify(again.edges)).toBe(JSON.stringify(snapshot.edges));
    });

    it('holds no row values', () => {
      const text = JSON.stringify({ objects: snapshot.objects, edges: snapshot.edges });
      expect(fixture.rowValues.filter((v) => text.includes(v))).toEqual([]);
    });
  });
}
