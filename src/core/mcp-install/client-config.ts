/**
 * @module core/mcp-install/client-config
 * `sextant mcp install` without the file system (seed 003's MCP config service): where each
 * client keeps its MCP configuration, and the configuration with Sextant's entry put in — the
 * command, the workspace root and the scan bridge's port and token in its environment — every
 * other entry and key kept. An entry already there keeps its bridge token and port, so
 * installing twice writes the same file.
 */
import { SextantError } from '../../kernel/errors.js';

export const MCP_CLIENTS = ['claude-desktop', 'cursor', 'vscode'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** `user`: the client's own settings folder; `workspace`: a file in the repository (Cursor and VS Code). */
export type InstallScope = 'user' | 'workspace';

export interface PlatformPaths {
  platform: string;
  home: string;
  /** %APPDATA% on Windows. */
  appData?: string;
  /** $XDG_CONFIG_HOME elsewhere. */
  xdgConfigHome?: string;
}

const join = (...parts: string[]) => parts.map((p, i) => (i === 0 ? p.replace(/[\\/]+$/, '') : p.replace(/^[\\/]+|[\\/]+$/g, ''))).join('/');

function userConfigDir(p: PlatformPaths): string {
  if (p.platform === 'darwin') return join(p.home, 'Library', 'Application Support');
  if (p.platform === 'win32') return p.appData ?? join(p.home, 'AppData', 'Roaming');
  return p.xdgConfigHome ?? join(p.home, '.config');
}

/** The documented configuration file of each client. */
export function clientConfigPath(client: McpClient, scope: InstallScope, workspace: string, p: PlatformPaths): string {
  if (client === 'claude-desktop') {
    if (scope === 'workspace')
      throw new SextantError('USAGE', 'Claude Desktop has no per-workspace MCP configuration', { hint: 'drop --scope workspace (the user file is used)' });
    return join(userConfigDir(p), 'Claude', 'claude_desktop_config.json');
  }
  if (client === 'cursor') return scope === 'workspace' ? join(workspace, '.cursor', 'mcp.json') : join(p.home, '.cursor', 'mcp.json');
  return scope === 'workspace' ? join(workspace, '.vscode', 'mcp.json') : join(userConfigDir(p), 'Code', 'User', 'mcp.json');
}

/** VS Code keeps servers under `servers` (with a `type`), the others under `mcpServers`. */
const serversKey = (client: McpClient) => (client === 'vscode' ? 'servers' : 'mcpServers');

export interface ServerEntryInput {
  client: McpClient;
  name: string;
  command: string;
  args: readonly string[];
  /** SEXTANT_HOME, SEXTANT_CONFIG, SEXTANT_WORKSPACE_ROOT… (the bridge's port and token are added here). */
  env: Readonly<Record<string, string>>;
  /** Used when the file has no entry with a token and port yet. */
  newToken: string;
  newPort: number;
  /** Replace a token already in the file. */
  rotateToken?: boolean;
  /** Replace the port already in the file. */
  port?: number;
}

export interface MergedConfig {
  /** The file's new text (2-space JSON and a final newline). */
  text: string;
  changed: boolean;
  token: string;
  port: number;
  /** The other servers the file lists, kept as they were. */
  kept: string[];
}

const TOKEN = /^\S{16,}$/;

/** Puts Sextant's entry into a client configuration (`existing`: the file's text, or null when there is none; `file`: its path, for errors). */
export function mergeClientConfig(existing: string | null, input: ServerEntryInput, file?: string): MergedConfig {
  const configuration = file ? `the client configuration ${file}` : 'the client configuration';
  let root: Record<string, unknown> = {};
  if (existing !== null && existing.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(existing);
    } catch (err) {
      throw new SextantError('CONFIG_INVALID', `${configuration} is not valid JSON (${(err as Error).message}); nothing was written`, {
        hint: 'fix or move the file, then run the install again',
      });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new SextantError('CONFIG_INVALID', `${configuration} is not a JSON object; nothing was written`, { hint: 'fix or move the file' });
    root = parsed as Record<string, unknown>;
  }
  const key = serversKey(input.client);
  const servers = root[key] ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    throw new SextantError('CONFIG_INVALID', `"${key}" in ${configuration} is not an object; nothing was written`, { hint: 'fix or move the file' });
  const before = (servers as Record<string, unknown>)[input.name];
  const old = (typeof before === 'object' && before !== null ? before : {}) as Record<string, unknown>;
  const oldEnv = (typeof old.env === 'object' && old.env !== null ? old.env : {}) as Record<string, unknown>;
  const oldToken = typeof oldEnv.SEXTANT_BRIDGE_TOKEN === 'string' && TOKEN.test(oldEnv.SEXTANT_BRIDGE_TOKEN) ? oldEnv.SEXTANT_BRIDGE_TOKEN : null;
  const oldPort = Number(oldEnv.SEXTANT_BRIDGE_PORT);
  const token = !input.rotateToken && oldToken ? oldToken : input.newToken;
  const port = input.port ?? (Number.isInteger(oldPort) && oldPort > 0 && oldPort < 65536 ? oldPort : input.newPort);
  const entry: Record<string, unknown> = {
    ...old,
    ...(input.client === 'vscode' ? { type: 'stdio' } : {}),
    command: input.command,
    args: [...input.args],
    env: { ...oldEnv, ...input.env, SEXTANT_BRIDGE_PORT: String(port), SEXTANT_BRIDGE_TOKEN: token },
  };
  const next = { ...root, [key]: { ...(servers as Record<string, unknown>), [input.name]: entry } };
  const text = `${JSON.stringify(next, null, 2)}\n`;
  return {
    text,
    changed: text !== existing,
    token,
    port,
    kept: Object.keys(servers as Record<string, unknown>).filter((n) => n !== input.name),
  };
}
