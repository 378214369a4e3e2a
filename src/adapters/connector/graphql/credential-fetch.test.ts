/** The credential-picking fetch: service headers on discovery only, the user's bearer on execution only, refusal without one. */
import { describe, expect, it } from 'vitest';
import { createCredentialFetch, type FetchLike } from './credential-fetch.js';
import { endpointSettings } from './endpoint.js';

const env = { SECRET: 'svc-secret-xyz', TOKEN: 'Bearer svc-header-abc', USER_TOKEN: 'stdio-user-token' };

function recorder(): { fetch: FetchLike; seen: Array<Record<string, string>> } {
  const seen: Array<Record<string, string>> = [];
  return { seen, fetch: async (_url, init) => (seen.push(init.headers), new Response('{"data":{}}')) };
}

describe('createCredentialFetch', () => {
  it('sends the secret key on discovery and only the user token on execution', async () => {
    const r = recorder();
    const f = createCredentialFetch(endpointSettings({ url: 'http://h', type: 'hugr', options: { secretKeyEnv: 'SECRET' } }), env, r.fetch);
    await f('http://h/query', { body: '{}' }, { purpose: 'discovery' });
    await f('http://h/query', { body: '{}' }, { purpose: 'execution', userToken: 'user-1' });
    expect(r.seen[0]).toMatchObject({ 'x-hugr-secret-key': 'svc-secret-xyz' });
    expect(r.seen[0]!.authorization).toBeUndefined();
    expect(r.seen[1]).toMatchObject({ authorization: 'Bearer user-1' });
    expect(JSON.stringify(r.seen[1])).not.toContain('svc-secret-xyz');
  });

  it('keeps configured service headers off execution requests', async () => {
    const r = recorder();
    const f = createCredentialFetch(
      endpointSettings({ url: 'http://h/graphql', type: 'graphql', options: { headerEnvs: { Authorization: 'TOKEN' } } }),
      env,
      r.fetch,
    );
    await f('http://h/graphql', { body: '{}' }, { purpose: 'discovery' });
    await f('http://h/graphql', { body: '{}' }, { purpose: 'execution', userToken: 'user-2' });
    expect(r.seen.map((h) => h.Authorization ?? h.authorization)).toEqual(['Bearer svc-header-abc', 'Bearer user-2']);
  });

  it('refuses execution without a user token unless anonymous is allowed; falls back to userTokenEnv', async () => {
    const r = recorder();
    const plain = createCredentialFetch(endpointSettings({ url: 'http://h', type: 'hugr', options: { secretKeyEnv: 'SECRET' } }), env, r.fetch);
    await expect(plain('http://h/query', { body: '{}' }, { purpose: 'execution' })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await plain('http://h/query', { body: '{}' }, { purpose: 'execution', allowAnonymous: true });
    expect(r.seen.at(-1)!.authorization).toBeUndefined();
    expect(r.seen.at(-1)!['x-hugr-secret-key']).toBeUndefined();
    const stdio = createCredentialFetch(
      endpointSettings({ url: 'http://h', type: 'hugr', options: { secretKeyEnv: 'SECRET', userTokenEnv: 'USER_TOKEN' } }),
      env,
      r.fetch,
    );
    await stdio('http://h/query', { body: '{}' }, { purpose: 'execution' });
    expect(r.seen.at(-1)!.authorization).toBe('Bearer stdio-user-token');
  });

  it('says which variable is missing, never its value', async () => {
    const f = createCredentialFetch(endpointSettings({ url: 'http://h', type: 'hugr', options: { secretKeyEnv: 'MISSING_VAR' } }), env, recorder().fetch);
    await expect(f('http://h/query', { body: '{}' }, { purpose: 'discovery' })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('MISSING_VAR'),
    });
  });
});

describe('endpointSettings', () => {
  it('derives /query and /ipc for Hugr and validates variable names', () => {
    expect(endpointSettings({ url: 'https://mesh.example.com/', type: 'hugr', options: {} })).toMatchObject({
      queryUrl: 'https://mesh.example.com/query',
      ipcUrl: 'https://mesh.example.com/ipc',
    });
    expect(endpointSettings({ url: 'https://mesh.example.com/query', type: 'hugr', options: {} }).queryUrl).toBe('https://mesh.example.com/query');
    expect(endpointSettings({ url: 'https://api.example.com/graphql', type: 'graphql', options: {} })).toMatchObject({
      queryUrl: 'https://api.example.com/graphql',
      ipcUrl: null,
    });
    expect(() => endpointSettings({ url: 'https://h', type: 'hugr', options: { secretKeyEnv: 'not a name' } })).toThrow(/environment variable name/);
    expect(() => endpointSettings({ url: 'https://u:p@h', type: 'hugr', options: {} })).toThrow(/credentials in a GraphQL URL/);
    expect(() => endpointSettings({ url: 'ftp://h', type: 'graphql', options: {} })).toThrow(/unsupported scheme/);
  });
});
