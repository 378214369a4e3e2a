/** The index holds inline passwords and token hashes: its folder is private and its files are 0600. */
import { existsSync, mkdirSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../src/adapters/store/sqlite/index.js';
import { setConfigValues } from '../../../src/config/write-config.js';
import { tempHome } from '../../helpers/temp-home.js';

const home = tempHome();
const mode = (path: string) => statSync(path).mode & 0o777;

afterAll(() => home.cleanup());

describe('index file permissions', () => {
  it('creates the home 0700 and the index, its WAL and shared-memory files 0600', async () => {
    const dir = join(home.dir, 'fresh', 'home');
    const path = join(dir, 'index.sqlite');
    const store = await openSqliteStore(path);
    await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://u:pw@h/d', options: {}, createdAt: new Date().toISOString() });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path)).toBe(0o600);
    for (const extra of ['-wal', '-shm']) if (existsSync(`${path}${extra}`)) expect(mode(`${path}${extra}`)).toBe(0o600);
    await store.close();
  });

  it('tightens an index file an earlier version left readable by others', async () => {
    const dir = join(home.dir, 'old');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'index.sqlite');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const store = await openSqliteStore(path);
    expect(mode(path)).toBe(0o600);
    await store.close();
  });

  it('writes the config file 0600', () => {
    const file = join(home.dir, 'cfg', 'config.yaml');
    setConfigValues(file, { 'llm.api_key': 'sk-test-123456' });
    expect(mode(file)).toBe(0o600);
  });
});
