import { describe, expect, it } from 'vitest';
import { clientConfigPath, mergeClientConfig, type ServerEntryInput } from './client-config.js';

const input = (over: Partial<ServerEntryInput> = {}): ServerEntryInput => ({
  client: 'claude-desktop',
  name: 'sextant',
  command: '/usr/bin/node',
  args: ['/opt/sextant/bin/sextant.js', 'mcp'],
  env: { SEXTANT_HOME: '/h', SEXTANT_WORKSPACE_ROOT: '/w' },
  newToken: 'sxb_aaaaaaaaaaaaaaaaaaaaaaaa',
  newPort: 41000,
  ...over,
});

describe('client configuration paths', () => {
  it('are the documented ones per client and system', () => {
    const linux = { platform: 'linux', home: '/home/u' };
    expect(clientConfigPath('claude-desktop', 'user', '/w', linux)).toBe('/home/u/.config/Claude/claude_desktop_config.json');
    expect(clientConfigPath('claude-desktop', 'user', '/w', { platform: 'darwin', home: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(clientConfigPath('claude-desktop', 'user', '/w', { platform: 'win32', home: 'C:\\Users\\u', appData: 'C:\\Users\\u\\AppData\\Roaming' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming/Claude/claude_desktop_config.json',
    );
    expect(clientConfigPath('cursor', 'user', '/w', linux)).toBe('/home/u/.cursor/mcp.json');
    expect(clientConfigPath('cursor', 'workspace', '/w', linux)).toBe('/w/.cursor/mcp.json');
    expect(clientConfigPath('vscode', 'user', '/w', { ...linux, xdgConfigHome: '/x' })).toBe('/x/Code/User/mcp.json');
    expect(clientConfigPath('vscode', 'workspace', '/w', linux)).toBe('/w/.vscode/mcp.json');
    expect(() => clientConfigPath('claude-desktop', 'workspace', '/w', linux)).toThrow(/no per-workspace/);
  });
});

describe('merging the entry', () => {
  it('adds the entry with the bridge port and token, keeping other entries and keys', () => {
    const existing = JSON.stringify({ theme: 'dark', mcpServers: { other: { command: 'x' } } });
    const merged = mergeClientConfig(existing, input());
    const data = JSON.parse(merged.text);
    expect(data.theme).toBe('dark');
    expect(data.mcpServers.other).toEqual({ command: 'x' });
    expect(data.mcpServers.sextant).toEqual({
      command: '/usr/bin/node',
      args: ['/opt/sextant/bin/sextant.js', 'mcp'],
      env: { SEXTANT_HOME: '/h', SEXTANT_WORKSPACE_ROOT: '/w', SEXTANT_BRIDGE_PORT: '41000', SEXTANT_BRIDGE_TOKEN: 'sxb_aaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(merged).toMatchObject({ changed: true, kept: ['other'], port: 41000 });
  });

  it('is idempotent: a second install keeps the token and port and writes the same text', () => {
    const first = mergeClientConfig(null, input());
    const second = mergeClientConfig(first.text, input({ newToken: 'sxb_bbbbbbbbbbbbbbbbbbbbbbbb', newPort: 42000 }));
    expect(second).toMatchObject({ changed: false, token: first.token, port: 41000 });
    expect(second.text).toBe(first.text);
    const rotated = mergeClientConfig(first.text, input({ newToken: 'sxb_bbbbbbbbbbbbbbbbbbbbbbbb', rotateToken: true, port: 43000 }));
    expect(rotated).toMatchObject({ changed: true, token: 'sxb_bbbbbbbbbbbbbbbbbbbbbbbb', port: 43000 });
  });

  it('VS Code keeps servers under "servers" with a type', () => {
    const data = JSON.parse(mergeClientConfig('{"servers": {"gh": {"type": "http", "url": "u"}}}', input({ client: 'vscode' })).text);
    expect(data.servers.gh).toEqual({ type: 'http', url: 'u' });
    expect(data.servers.sextant).toMatchObject({ type: 'stdio', command: '/usr/bin/node' });
  });

  it('refuses a file it cannot read as a configuration, writing nothing', () => {
    expect(() => mergeClientConfig('{"mcpServers": {', input())).toThrow(/not valid JSON.*nothing was written/);
    expect(() => mergeClientConfig('[1]', input())).toThrow(/not a JSON object/);
    expect(() => mergeClientConfig('{"mcpServers": []}', input())).toThrow(/"mcpServers" .* not an object/);
  });
});
