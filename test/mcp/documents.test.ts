/**
 * Session documents from a path or a URL (issue 14): `add_document` reads a file only inside the
 * server's workspace root (no `..`, no symbolic link out), a URL only when the project allows it,
 * and extracts it like a source document (a PDF made by pdfkit here). SDK client over loopback HTTP.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-files.js';
import { call, connectHttp, prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';

let catalog: Catalog;
let server: InProcessServer;
let client: Client;
let site: Server;
let siteUrl = '';

beforeAll(async () => {
  catalog = await prepareCatalog();
  const workspace = join(catalog.home, 'workspace');
  mkdirSync(join(workspace, 'guides'), { recursive: true });
  writeFileSync(
    join(workspace, 'guides', 'ledger.pdf'),
    await makePdf({ title: 'Ledger close', pages: ['The wombat ledger closes on the last Friday of the month.'] }),
  );
  writeFileSync(join(catalog.home, 'secret.md'), '# Secret\n\nnot for sessions');
  symlinkSync(join(catalog.home, 'secret.md'), join(workspace, 'escape.md'));
  writeFileSync(join(catalog.home, 'config.yaml'), `documents:\n  workspace_root: ${workspace}\n`);
  site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/markdown' }).end('# Rota\n\nThe platypus team is on call this week.'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/rota.md`;
  server = await startInProcess(catalog);
  client = await connectHttp(server.url);
}, 180_000);

afterAll(async () => {
  await client?.close();
  site?.close();
  await server?.close();
  await catalog?.cleanup();
});

describe('add_document from a path or a URL', () => {
  it('reads a file inside the workspace root and makes it searchable', async () => {
    const added = await call(client, 'add_document', { name: 'ledger.pdf', path: 'guides/ledger.pdf' });
    expect(added.isError, added.text).toBe(false);
    expect(added.data.document).toMatchObject({ name: 'ledger.pdf', mime_type: 'text/markdown' });
    const found = await call(client, 'deep_search', { query: 'when does the wombat ledger close', kinds: ['document'] });
    expect(found.data.hits[0].id).toBe('_session:document:ledger.pdf');
  });

  it('refuses paths that leave the workspace root, by .. or by a symbolic link', async () => {
    for (const path of ['../secret.md', 'escape.md']) {
      const refused = await call(client, 'add_document', { name: 'x.md', path });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/FORBIDDEN/);
      expect(refused.text).not.toContain('not for sessions');
    }
  });

  it('reads a URL only once the project allows it', async () => {
    const refused = await call(client, 'add_document', { name: 'rota.md', url: siteUrl });
    expect(refused.isError).toBe(true);
    // over HTTP as over stdio: the agent is to ask for the setting (test/mcp/remedy-hints.test.ts has the words)
    expect(refused.data.error).toMatchObject({ code: 'FORBIDDEN', hint: expect.stringContaining("turn on the document-urls setting of project 'default'") });
    await server.engine.projects.set('default', 'document-urls', 'on');
    const added = await call(client, 'add_document', { name: 'rota.md', url: siteUrl });
    expect(added.isError, added.text).toBe(false);
    const found = await call(client, 'deep_search', { query: 'who is on call', kinds: ['document'] });
    expect(found.data.hits.map((h: { id: string }) => h.id)).toContain('_session:document:rota.md');
  });

  it('refuses a URL with a user name or password, without repeating the password', async () => {
    await server.engine.projects.set('default', 'document-urls', 'on');
    const refused = await call(client, 'add_document', { name: 'x.md', url: siteUrl.replace('http://', 'http://ana:s3cret@') });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/a URL with a user name or password is not fetched/);
    expect(refused.text).not.toContain('s3cret');
  });

  // The new-user sweep: a path without a name was refused by the tool's schema ("name: Required").
  it('names a document from a path or a url by its file name when no name is given', async () => {
    const fromPath = await call(client, 'add_document', { path: 'guides/ledger.pdf' });
    expect(fromPath.isError, fromPath.text).toBe(false);
    expect(fromPath.data.document).toMatchObject({ name: 'ledger.pdf', id: '_session:document:ledger.pdf' });
    await server.engine.projects.set('default', 'document-urls', 'on');
    const fromUrl = await call(client, 'add_document', { url: siteUrl });
    expect(fromUrl.isError, fromUrl.text).toBe(false);
    expect(fromUrl.data.document).toMatchObject({ name: 'rota.md' });
    // text has no file name to fall back on, and a removal names what it drops
    for (const args of [{ text: 'a note' }, { remove: true }]) {
      const refused = await call(client, 'add_document', args);
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/USAGE.*name is required with/s);
    }
  });

  it('takes exactly one of text, path or url', async () => {
    const both = await call(client, 'add_document', { name: 'x.md', text: 'a', path: 'guides/ledger.pdf' });
    expect(both.isError).toBe(true);
    expect(both.text).toMatch(/one of text, path or url/);
  });
});
