/**
 * Integration: the chunks built from the demo sample catalog (real PostgreSQL), the acme Hugr
 * deployment, a glossary term and a session document are byte-identical to those of the code
 * before source kinds became modules (issue #9): texts and lexical fields feed the
 * schema-linking benchmark, so a moved chunk builder must not change a single byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../src/adapters/connector/graphql/index.js';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { buildChunks } from '../../src/core/chunks/build-chunks.js';
import { graphqlKind } from '../../src/core/kinds/graphql/graphql-kind.js';
import { sqlKind } from '../../src/core/kinds/sql/sql-kind.js';
import { buildTermIndex } from '../../src/core/glossary/term-index.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { buildDocumentChunks } from '../../src/core/sessions/session-documents.js';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { sha256 } from '../../src/kernel/hash.js';
import type { Chunk, SourceSnapshot } from '../../src/ports/catalog.js';
import type { SourceRecord } from '../../src/ports/connector.js';
import type { SourceKind } from '../../src/ports/source-kind.js';
import type { Store } from '../../src/ports/store.js';
import { SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { startPlainServer, type PlainServer } from '../helpers/plain-graphql-server.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';

/** Captured from the chunk builders before the move (commit 6dabb34; session: without content hashes). */
const EXPECTED = {
  // since 6dabb34 changed on purpose once: `fx` joined the schema abbreviations, so billing.fx_rate's
  // lexical fields also say "foreign exchange" (no identifier of the schema-linking bench has `fx`)
  sample: { count: 383, hash: '03a3cd01722291d4322ed07c83b4b4115d21198225616a5fdd760e9833cd87e6' },
  acme: { count: 106, hash: '889c139bffe987c49a30d4d55b8fdc80bac7caa88e6d8b28ba5ca91db52a281e' },
  plain: { count: 20, hash: '87a4467027e1918f949e263b3ff4ae85d1b5c7f9803766201f753ef80a285a92' },
  glossary: 'd78c34b64ad55bf573677211e2b8d6c1ac2cb85ba6eba44959d21882e4805c8e',
  // changed on purpose once: the runbook's two short sections share a chunk, which now names both
  // headings and keeps `## Refunds` above its text (the chunk and its id are the same)
  session: 'b55ffc1db1e5356da53e99a9bbe1e317747299172b3c154358dea94d1735a08a',
};

const at = '2026-01-01T00:00:00.000Z';
let db: TempDatabase;
let server: HugrTestServer;
let plain: PlainServer;

/** Every byte of what the index stores for a chunk, in id order (the content hash optional). */
function fingerprint(chunks: readonly Chunk[], withHash = true): string {
  const sorted = [...chunks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sha256(
    JSON.stringify(
      sorted.map((c) => [
        c.id,
        c.objectId,
        c.source,
        c.kind,
        c.name,
        c.comment,
        c.definition,
        c.context,
        c.text,
        withHash ? c.contentHash : '',
        c.project,
        c.session,
      ]),
    ),
  );
}

function chunksOf(snapshot: SourceSnapshot, family: SourceKind): Chunk[] {
  const table = snapshot.objects.find((o) => o.kind === 'table' || o.kind === 'data_object');
  const contexts = new Map(table ? [[table.id, 'Kept for the finance team']] : []);
  return buildChunks({ objects: snapshot.objects, edges: snapshot.edges, effectiveContexts: contexts, family, lexical: lexicalField });
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_stable');
  for (const sql of loadSampleSql()) await db.exec(sql);
  server = await startAcmeServer();
  plain = await startPlainServer({ serviceToken: 'service-token-1234', userTokens: [] });
});

afterAll(async () => {
  await server?.close();
  await plain?.close();
  await db?.drop();
});

describe('chunk stability', () => {
  it('builds the same chunks from the demo sample catalog', async () => {
    const source: SourceRecord = { name: 'sample', type: 'postgres', url: db.adminDsn, options: {}, createdAt: at };
    const chunks = chunksOf(await createPostgresConnector({ statementTimeoutMs: 5000 }).introspect(source), sqlKind);
    expect({ count: chunks.length, hash: fingerprint(chunks) }).toEqual(EXPECTED.sample);
  });

  it('builds the same chunks from the acme Hugr deployment', async () => {
    const source: SourceRecord = { name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'MESH_SECRET' }, createdAt: at };
    const chunks = chunksOf(await createGraphqlConnector({ type: 'hugr', env: { MESH_SECRET: SECRET } }).introspect(source), graphqlKind);
    expect({ count: chunks.length, hash: fingerprint(chunks) }).toEqual(EXPECTED.acme);
  });

  it('builds the same chunks from a plain GraphQL API', async () => {
    const source: SourceRecord = { name: 'library', type: 'graphql', url: plain.url, options: { headerEnvs: { Authorization: 'API_TOKEN' } }, createdAt: at };
    const chunks = chunksOf(await createGraphqlConnector({ type: 'graphql', env: { API_TOKEN: 'Bearer service-token-1234' } }).introspect(source), graphqlKind);
    expect({ count: chunks.length, hash: fingerprint(chunks) }).toEqual(EXPECTED.plain);
  });

  it('builds the same glossary term chunk', async () => {
    const noStore = {} as Store;
    const index = await buildTermIndex(
      { store: noStore, embedder: async () => null, lexical: lexicalField },
      {
        project: 'default',
        term: 'Active customer',
        definition: 'A customer who placed an order in the last 90 days',
        sql: 'SELECT c.id, c.email FROM shop.customers c',
        source: 'sample',
        baseTable: 'shop.customers',
        outputColumns: [
          { name: 'id', type: 'bigint' },
          { name: 'email', type: 'text' },
        ],
        origin: 'manual',
        aliases: ['engaged buyer', 'recent customer'],
        validation: { status: 'valid', checkedAt: at, error: null },
      },
      'sample:table:shop.customers',
    );
    expect(fingerprint([index.chunk.chunk])).toBe(EXPECTED.glossary);
  });

  // Session chunks now hash all five fields like every other chunk (they hashed three); they
  // live for one session, so only their texts and lexical fields must stay as they were.
  it('builds the same session document chunks', async () => {
    const text = '# Runbook\nRestart the billing worker when invoices stop.\n\n## Refunds\nRefund requests go to the support queue within 24 hours.';
    const { chunks } = await buildDocumentChunks(
      'session-1',
      { name: 'runbook.md', text, mimeType: 'text/markdown' },
      { embedder: null, model: null, lexical: lexicalField },
    );
    expect(chunks.map((c) => c.chunk.id)).toEqual([expect.stringMatching(/#1@[0-9a-f]{12}$/)]);
    expect(
      fingerprint(
        chunks.map((c) => c.chunk),
        false,
      ),
    ).toBe(EXPECTED.session);
  });
});
