import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqlite/index.js';
import type { Store } from '../../ports/store.js';
import { createTokenService, hashToken } from '../auth/tokens.js';
import { canAccessProject } from '../auth/user.js';
import { createProjectService, DEFAULT_PROJECT } from './projects.js';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sextant-projects-'));
  store = await openSqliteStore(join(dir, 'index.sqlite'));
  await store.addSource({ name: 'shop', type: 'postgres', url: 'postgres://r@h/shop', options: {}, createdAt: new Date().toISOString() });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('projects', () => {
  it('always has default, first, with developer tools off', async () => {
    const projects = createProjectService(store);
    expect((await projects.list()).map((p) => [p.name, p.settings.developerTools, p.sources])).toEqual([[DEFAULT_PROJECT, false, []]]);
    await projects.create('billing', { sources: ['shop'] });
    expect((await projects.list()).map((p) => p.name)).toEqual(['default', 'billing']);
    expect((await projects.get('billing')).sources).toEqual(['shop']);
  });

  it('toggles developer tools and sources, default included', async () => {
    const projects = createProjectService(store);
    expect((await projects.set('default', 'developer-tools', 'on')).settings.developerTools).toBe(true);
    expect((await projects.get('default')).settings.developerTools).toBe(true);
    expect((await projects.set('default', 'developer-tools', 'off')).settings.developerTools).toBe(false);
    await projects.create('ops');
    expect((await projects.set('ops', 'sources', 'shop')).sources).toEqual(['shop']);
    expect((await projects.set('ops', 'sources', '')).sources).toEqual([]);
  });

  it('refuses bad names, duplicates, unknown sources, settings and values with a usable message', async () => {
    const projects = createProjectService(store);
    await expect(projects.create('Bad Name')).rejects.toMatchObject({ code: 'USAGE' });
    await expect(projects.create('default')).rejects.toMatchObject({ code: 'PROJECT_EXISTS' });
    await expect(projects.create('x', { sources: ['nope'] })).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND' });
    await expect(projects.get('nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND', hint: expect.stringContaining('default') });
    await expect(projects.set('default', 'colour', 'red')).rejects.toMatchObject({ code: 'USAGE', hint: expect.stringContaining('developer-tools') });
    await expect(projects.set('default', 'developer-tools', 'maybe')).rejects.toMatchObject({ code: 'USAGE' });
  });
});

describe('tokens', () => {
  it('shows a token once, stores its hash only, and verifies it to its user', async () => {
    const projects = createProjectService(store);
    await projects.create('billing');
    const tokens = createTokenService(store, projects);
    const { token, record } = await tokens.create({ name: 'ci', projects: ['billing'], roles: ['reader'] });
    expect(token).toMatch(/^sxt_[A-Za-z0-9_-]{40,}$/);
    expect(record).not.toHaveProperty('hash');
    const stored = (await store.listTokens())[0]!;
    expect(stored.hash).toBe(hashToken(token));
    expect(JSON.stringify(await store.listTokens())).not.toContain(token);
    const user = await tokens.verify(token);
    expect(user).toEqual({ subject: 'ci', roles: ['reader'], projects: ['billing'], via: 'token' });
    expect(canAccessProject(user!, 'billing')).toBe(true);
    expect(canAccessProject(user!, 'default')).toBe(false);
    expect(await tokens.verify(`${token}x`)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
    expect(await tokens.any()).toBe(true);
  });

  it('lists and revokes by name or id; unknown projects and names are refused', async () => {
    const projects = createProjectService(store);
    const tokens = createTokenService(store, projects);
    const a = await tokens.create({ name: 'a' });
    const b = await tokens.create({ name: 'b' });
    expect((await tokens.list()).map((t) => t.name)).toEqual(['a', 'b']);
    await tokens.revoke('a');
    await tokens.revoke(b.record.id);
    expect(await tokens.verify(a.token)).toBeNull();
    expect(await tokens.any()).toBe(false);
    await expect(tokens.revoke('a')).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    await expect(tokens.create({ name: 'x', projects: ['nope'] })).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(tokens.create({ name: 'bad name' })).rejects.toMatchObject({ code: 'USAGE' });
    await tokens.create({ name: 'dup' });
    await expect(tokens.create({ name: 'dup' })).rejects.toMatchObject({ code: 'USAGE' });
  });
});
