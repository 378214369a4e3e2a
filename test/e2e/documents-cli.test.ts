/**
 * Documents as sources through the built CLI, as the README shows them: a folder of real files
 * (docx, xlsx and pdf made by their libraries, markdown, HTML, a corrupt PDF), a site crawled over
 * a real HTTP server on loopback, inline content, and sources declared in the config file. Search
 * ranks passages beside tables of a PostgreSQL source; updates re-read only what changed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { makeDocx, makePdf, makeXlsx } from '../helpers/document-files.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir, { WIKI_TOKEN: 'wiki-secret-token-77' });
const folder = join(home.dir, 'handbook');
let db: TempDatabase;
let site: Server;
let siteUrl = '';
const siteRequests: Array<{ path: string; auth: string | undefined }> = [];

const PAGES: Record<string, string> = {
  '/wiki/start.html':
    '<html><head><title>Wiki</title></head><body><h1>Wiki</h1><p>Start here.</p><a href="ops/rotation.html">Key rotation</a> <a href="gone.html">Old page</a> <a href="/elsewhere.html">x</a></body></html>',
  '/wiki/ops/rotation.html':
    '<html><head><title>Rotating API keys</title></head><body><main><h1>Rotating API keys</h1><p>Rotate the payment gateway API keys every quarter: issue a new key, roll it out, revoke the old key.</p><a href="deep.html">deeper</a></main></body></html>',
  '/wiki/ops/deep.html': '<html><body><h1>Too deep</h1></body></html>',
  '/wiki/feed.html':
    '<html><head><title>Feed</title></head><body><h1>Feed</h1><p>Latest changes.</p><a href="feed.html?pageToken=p2">Older</a> <a href="ops/rotation.html?access_token=link-tok-5150">Rotation</a></body></html>',
  '/elsewhere.html': '<html><body><h1>Outside the wiki folder</h1></body></html>',
};

beforeAll(async () => {
  mkdirSync(join(folder, 'finance'), { recursive: true });
  writeFileSync(join(folder, 'runbook.md'), '# Runbook\n\n## Refunds\n\nRefunds are booked against the original invoice within 30 days.\n');
  writeFileSync(join(folder, 'keys.docx'), await makeDocx());
  writeFileSync(join(folder, 'finance', 'budget.xlsx'), await makeXlsx());
  writeFileSync(join(folder, 'finance', 'report.pdf'), await makePdf({ title: 'Quarterly report', pages: ['Revenue grew in every region.', 'Churn fell.'] }));
  writeFileSync(join(folder, 'broken.pdf'), '%PDF-1.7\nthis is not a real pdf at all');

  site = createServer((req, res) => {
    siteRequests.push({ path: req.url ?? '', auth: req.headers.authorization });
    const page = PAGES[(req.url ?? '').split('?')[0]!];
    if (!page) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;

  db = await createTempDatabase('sxt_docs');
  await db.exec(`CREATE TABLE invoice (id int PRIMARY KEY, total numeric); COMMENT ON TABLE invoice IS 'Customer invoices';
                 CREATE TABLE refund (id int PRIMARY KEY, invoice_id int REFERENCES invoice(id), amount numeric); COMMENT ON TABLE refund IS 'Refunds booked against invoices';`);
}, 60_000);

afterAll(async () => {
  site?.close();
  await db?.drop();
  home.cleanup();
});

describe('sextant with docs sources', () => {
  it('indexes a folder of real files, skipping and naming the one that cannot be read', async () => {
    expect((await runCli(['source', 'add', 'docs', folder, '--name', 'handbook'], env)).code).toBe(0);
    const update = await runCli(['update', '--source', 'handbook', '--json'], env);
    expect(update.code, update.stderr).toBe(0);
    const report = update.json.reports[0];
    expect(report).toMatchObject({ status: 'updated', objects: 4 });
    expect(report.notes[0]).toBe('4 documents read, 0 unchanged, 1 skipped');
    expect(report.notes[1]).toMatch(/^skipped broken\.pdf: .*broken\.pdf/);
    const text = await runCli(['update', '--source', 'handbook'], env);
    expect(text.stdout).toMatch(/handbook: unchanged/);
    expect(text.stdout).toMatch(/ {2}0 documents read, 4 unchanged, 1 skipped/);
    // describe of the source counts its documents (it said "nothing indexed": documents have no schema)
    const described = await runCli(['describe', 'handbook', '--json'], env);
    expect(described.json).toMatchObject({ level: 'source', type: 'docs', counts: { document: 4 }, schemasTotal: 0 });
    const describedText = await runCli(['describe', 'handbook'], env);
    expect(describedText.stdout).toMatch(/^counts: 4 document$/m);
    expect(describedText.stdout).not.toMatch(/nothing indexed|schemas \(0\)/);
  });

  it('gets a document with its origin, type and passages', async () => {
    const got = await runCli(['get', 'handbook:document:finance/report.pdf', '--json'], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.object.attributes).toMatchObject({ title: 'Quarterly report', type: 'pdf', parts: 2, origin: join(folder, 'finance', 'report.pdf') });
    // bookkeeping (bytes hash, chunking settings) stays out of what get shows
    for (const internal of ['bytesHash', 'chunkTokens', 'chunkOverlap']) expect(got.json.object.attributes).not.toHaveProperty(internal);
    expect(got.json.passages[0].id).toBe('handbook:document:finance/report.pdf');
    const text = await runCli(['get', 'handbook:document:keys.docx'], env);
    expect(text.stdout).toMatch(/type: docx/);
    expect(text.stdout).toMatch(/passages \(1\)/);
    // the heading comes last, so a long one does not pad every row
    expect(text.stdout).toMatch(/^chunk +chars +heading$/m);
  });

  it('ranks passages beside the tables of a database', async () => {
    expect((await runCli(['source', 'add', db.adminDsn, '--name', 'billing', '--allow-extra-privileges'], env)).code).toBe(0);
    expect((await runCli(['update', '--source', 'billing', '--allow-extra-privileges'], env)).code).toBe(0);
    const found = await runCli(['query', 'refunds booked against invoices', '--json', '-n', '5'], env);
    const ids: string[] = found.json.hits.map((h: { objectId: string }) => h.objectId);
    expect(ids).toContain('handbook:document:runbook.md');
    expect(ids).toContain('billing:table:public.refund');
    const docsOnly = await runCli(['query', 'rotate the api keys', '--kind', 'document', '--json'], env);
    expect(docsOnly.json.hits[0].objectId).toBe('handbook:document:keys.docx');
  });

  it('re-reads only a changed file and drops a removed one', async () => {
    writeFileSync(join(folder, 'runbook.md'), '# Runbook\n\n## Refunds\n\nRefunds need a second approval above 500 EUR.\n');
    rmSync(join(folder, 'keys.docx'));
    const update = await runCli(['update', '--source', 'handbook', '--json'], env);
    expect(update.json.reports[0]).toMatchObject({ status: 'updated', changed: 1, removed: 1, objects: 3 });
    expect(update.json.reports[0].notes[0]).toBe('1 document read, 2 unchanged, 1 skipped');
  });

  it('fails the update of a folder found empty (a share not mounted), keeping what it indexed', async () => {
    const share = join(home.dir, 'share');
    mkdirSync(share);
    writeFileSync(join(share, 'oncall.md'), '# On-call\n\nThe pager rotates weekly.\n');
    expect((await runCli(['source', 'add', 'docs', share, '--name', 'share'], env)).code).toBe(0);
    expect((await runCli(['update', '--source', 'share'], env)).code).toBe(0);
    rmSync(join(share, 'oncall.md'));
    const empty = await runCli(['update', '--source', 'share', '--json'], env);
    expect(empty.code).toBe(1);
    expect(empty.json.error).toMatchObject({
      code: 'INTROSPECTION_FAILED',
      message: `no documents at ${share}: the folder or prefix is empty (hidden files are skipped)`,
    });
    const kept = await runCli(['get', '--json', 'share:document:oncall.md'], env);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.json.object.attributes.title).toBe('On-call');
    // the later tests update every source
    expect((await runCli(['source', 'remove', 'share'], env)).code).toBe(0);
  });

  it('crawls a site within its limits, sending the header only to it, and names the page that failed', async () => {
    const added = await runCli(
      [
        'source',
        'add',
        'docs',
        `${siteUrl}/wiki/start.html`,
        '--name',
        'wiki',
        '--follow-links',
        '--max-depth',
        '1',
        '--header-env',
        'Authorization=WIKI_TOKEN',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const update = await runCli(['update', '--source', 'wiki', '--json'], env);
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0].notes).toEqual(expect.arrayContaining([expect.stringMatching(/^skipped gone\.html: .*404/)]));
    const listed = await runCli(['query', 'rotate payment gateway keys', '--source', 'wiki', '--json'], env);
    const names: string[] = listed.json.hits.map((h: { objectId: string }) => h.objectId);
    expect(names[0]).toBe('wiki:document:ops/rotation.html');
    expect(siteRequests.map((r) => r.path)).not.toContain('/wiki/ops/deep.html');
    expect(siteRequests.every((r) => r.auth === 'Bearer wiki-secret-token-77' || r.auth === 'wiki-secret-token-77')).toBe(true);
    const shown = await runCli(['source', 'list', '--json'], env);
    expect(JSON.stringify(shown.json)).not.toContain('wiki-secret-token-77');
  });

  it('masks a token in the query of the location, in what it prints and in the names it stores', async () => {
    const token = 'tok-in-query-4242';
    const added = await runCli(['source', 'add', 'docs', `${siteUrl}/wiki/start.html?access_token=${token}`, '--name', 'tokwiki', '--follow-links'], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('start.html?access_token=***');
    expect(added.stdout).not.toContain(token);
    const update = await runCli(['update', '--source', 'tokwiki', '--json'], env);
    expect(update.code, update.stderr).toBe(0);
    // the server was sent the token; the first page is named, stored and found without it
    expect(siteRequests.map((r) => r.path)).toContain(`/wiki/start.html?access_token=${token}`);
    const got = await runCli(['get', '--json', 'tokwiki:document:start.html?access_token=***'], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.object.attributes.origin).toBe(`${siteUrl}/wiki/start.html?access_token=***`);
    for (const shown of [await runCli(['source', 'list', '--json'], env), await runCli(['source', 'list'], env), got])
      expect(shown.stdout).not.toContain(token);
  });

  // The new-user sweep: `?pageToken=` was printed masked while the crawled page's name kept it,
  // and a token in a crawled link was stored though never printed: a printed name was no id.
  it('stores the names it prints: a credential in any crawled link masked, a paging token kept', async () => {
    const added = await runCli(['source', 'add', 'docs', `${siteUrl}/wiki/feed.html?pageToken=p1`, '--name', 'feed', '--follow-links'], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('feed.html?pageToken=p1');
    const update = await runCli(['update', '--source', 'feed', '--json'], env);
    expect(update.code, update.stderr).toBe(0);
    expect(siteRequests.map((r) => r.path)).toContain('/wiki/ops/rotation.html?access_token=link-tok-5150');
    const ids = new Set<string>();
    for (const words of ['latest changes feed', 'rotate payment gateway keys']) {
      const found = await runCli(['search', words, '--source', 'feed', '--json'], env);
      expect(found.code, found.stderr).toBe(0);
      for (const hit of found.json.hits as Array<{ objectId: string }>) ids.add(hit.objectId);
      const printed = await runCli(['search', words, '--source', 'feed'], env);
      expect(printed.stdout).not.toContain('link-tok-5150');
      for (const hit of found.json.hits as Array<{ objectId: string }>) expect(printed.stdout).toContain(hit.objectId);
    }
    expect([...ids].sort()).toEqual([
      'feed:document:feed.html?pageToken=p1',
      'feed:document:feed.html?pageToken=p2',
      'feed:document:ops/rotation.html?access_token=***',
    ]);
    for (const id of ids) {
      const got = await runCli(['get', '--json', id], env);
      expect(got.code, got.stderr).toBe(0);
      expect(got.json.object.id).toBe(id);
      expect(got.stdout).not.toContain('link-tok-5150');
    }
  });

  it('takes inline content and sources declared in the config file', async () => {
    const inline = await runCli(
      ['source', 'add', 'docs', '--content', '# VPN\n\nThe VPN is down on Sundays for maintenance.', '--name', 'note', '--type', 'markdown'],
      env,
    );
    expect(inline.code, inline.stderr).toBe(0);
    writeFileSync(
      join(home.dir, 'config.yaml'),
      [
        'documents:',
        '  - name: declared',
        `    path: \${HANDBOOK_DIR}/finance`,
        '  - name: faq',
        '    content: "# FAQ\\n\\nPasswords expire after 90 days."',
        '    type: text/markdown',
        '',
      ].join('\n'),
    );
    const declaredEnv = { ...env, HANDBOOK_DIR: folder };
    const update = await runCli(['update', '--json'], declaredEnv);
    expect(update.code, update.stderr).toBe(0);
    const sources = update.json.reports.map((r: { source: string }) => r.source);
    expect(sources).toEqual(expect.arrayContaining(['note', 'declared', 'faq']));
    const found = await runCli(['query', 'when do passwords expire', '--kind', 'document', '--json'], declaredEnv);
    expect(found.json.hits[0].objectId).toBe('faq:document:faq.md');
    writeFileSync(join(home.dir, 'config.yaml'), 'documents:\n  - name: faq\n    url: ftp://host/x\n    content: both\n');
    const bad = await runCli(['update', '--source', 'faq'], declaredEnv);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/document source 'faq': give exactly one of path, url or content/);
  });
});
