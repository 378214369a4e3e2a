import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviseRerank, applyRerankOrder } from '../../../core/search/rerank-hook.js';
import type { RerankPayload } from '../../../ports/reranker.js';
import { createCommandReranker, type CommandRerankerOptions } from './index.js';

/** The hook as search runs it: the command adapter behind core's advisory policy. */
const runRerankHook = (command: string, payload: RerankPayload, options: CommandRerankerOptions = {}) =>
  adviseRerank(createCommandReranker(command, options), payload);

const payload: RerankPayload = {
  query: 'customer orders',
  results: [
    { id: 'shop:table:public.orders', kind: 'table', name: 'public.orders', snippet: 'Orders placed', score: 0.9 },
    { id: 'shop:table:public.customers', kind: 'table', name: 'public.customers', snippet: 'People', score: 0.8 },
    { id: 'shop:column:public.orders.customer_id', kind: 'column', name: 'public.orders.customer_id', snippet: 'FK', score: 0.7 },
  ],
};
const ids = payload.results.map((r) => r.id);

let dir = '';
const script = (name: string, body: string): string => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};
const node = (path: string) => `"${process.execPath}" "${path}"`;

/** Running (not gone, not a zombie waiting for a busy init to reap it). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-rerank-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('runRerankHook with real scripts', () => {
  it('accepts a good hook that ranks by name', async () => {
    const path = script(
      'by-name.mjs',
      `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);` +
        `console.log(JSON.stringify(p.results.slice().sort((a,b)=>a.name<b.name?-1:1).map(r=>r.id)));});`,
    );
    const outcome = await runRerankHook(node(path), payload);
    expect(outcome).toEqual({
      order: ['shop:table:public.customers', 'shop:table:public.orders', 'shop:column:public.orders.customer_id'],
      error: null,
    });
  });

  it('accepts a reversing hook and passes the query through', async () => {
    const path = script(
      'reverse.mjs',
      `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);` +
        `if(p.query!=='customer orders')process.exit(9);console.log(JSON.stringify(p.results.map(r=>r.id).reverse()));});`,
    );
    const outcome = await runRerankHook(node(path), payload);
    expect(outcome.order).toEqual([...ids].reverse());
    expect(applyRerankOrder(ids, outcome.order ?? [])).toEqual([...ids].reverse());
  });

  it('accepts a partial list from a shell hook', async () => {
    const path = script('partial.sh', `cat >/dev/null\necho '["shop:column:public.orders.customer_id"]'\n`);
    const outcome = await runRerankHook(`sh "${path}"`, payload);
    expect(outcome.error).toBeNull();
    expect(applyRerankOrder(ids, outcome.order ?? [])).toEqual([ids[2], ids[0], ids[1]]);
  });

  it.each<[string, string, RegExp]>([
    ['crashing hook', `echo "boom: password=hunter22" >&2\nexit 3\n`, /exited with code 3: boom: password=\*\*\*/],
    ['garbage output', `echo 'this is not json'\n`, /invalid JSON: this is not json/],
    ['not an array of strings', `echo '[1, 2, 3]'\n`, /JSON array of result ids/],
    ['ids it was not given', `echo '["shop:table:public.orders", "shop:table:public.secret"]'\n`, /not in the results: "shop:table:public.secret"/],
    ['silent hook', `exit 0\n`, /printed nothing/],
    ['missing command', `definitely-not-a-sextant-command-xyz\n`, /exited with code 127/],
  ])('reports a %s and gives no order', async (name, body, error) => {
    const path = script(`${name.replace(/\W+/g, '-')}.sh`, body);
    const outcome = await runRerankHook(`sh "${path}"`, payload);
    expect(outcome.order).toBeNull();
    expect(outcome.error).toMatch(error);
  });

  it('kills a sleeping hook and its children at the timeout', async () => {
    const pidFile = join(dir, 'sleeper.pid');
    const path = script('sleep.sh', `sleep 30 &\necho $! > "${pidFile}"\nwait\n`);
    const started = Date.now();
    const outcome = await runRerankHook(`sh "${path}"`, payload, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome).toEqual({ order: null, error: 'rerank hook timed out after 300 ms' });
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      alive = isAlive(pid);
      if (alive) await new Promise((r) => setTimeout(r, 20));
    }
    expect(alive).toBe(false);
  });

  it('survives a hook that ignores a large stdin', async () => {
    const big: RerankPayload = {
      query: 'q',
      results: Array.from({ length: 20000 }, (_, i) => ({ id: `id${i}`, kind: 'column', name: `c${i}`, snippet: 'x'.repeat(50), score: 0.5 })),
    };
    const outcome = await runRerankHook(`echo '["id7"]'`, big);
    expect(outcome).toEqual({ order: ['id7'], error: null });
  });

  it('rejects output beyond the size limit and an empty command', async () => {
    const outcome = await runRerankHook(`cat >/dev/null; head -c 5000 /dev/zero | tr '\\0' 'x'`, payload, { maxOutputBytes: 1000 });
    expect(outcome).toEqual({ order: null, error: 'rerank hook printed more than 1000 bytes' });
    expect(await runRerankHook('  ', payload)).toEqual({ order: null, error: 'rerank hook command is empty' });
  });
});
