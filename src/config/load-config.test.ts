import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeConfig, loadConfig } from './load-config.js';
import { SETTINGS } from './settings.js';

function configFile(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-config-'));
  const file = join(dir, 'config.yaml');
  writeFileSync(file, yaml);
  return file;
}

describe('loadConfig', () => {
  it('applies precedence flag > env > file > default and records origins', () => {
    const file = configFile('search:\n  rerank_timeout_ms: 111\nmcp:\n  port: 9000\nlog:\n  level: debug\n');
    const config = loadConfig({
      configFile: file,
      env: { SEXTANT_MCP_PORT: '9100', SEXTANT_LOG_LEVEL: 'warn', SEXTANT_HOME: '/tmp/sx' },
      flags: { 'log.level': 'error' },
    });
    expect(config.get('log.level')).toBe('error');
    expect(config.settings['log.level']!.origin).toBe('flag');
    expect(config.get('mcp.port')).toBe(9100);
    expect(config.settings['mcp.port']!.from).toBe('SEXTANT_MCP_PORT');
    expect(config.get('search.rerank_timeout_ms')).toBe(111);
    expect(config.settings['search.rerank_timeout_ms']!.origin).toBe('file');
    expect(config.get('embeddings.provider')).toBe('builtin');
    expect(config.settings['embeddings.provider']!.origin).toBe('default');
    expect(config.indexPath).toBe('/tmp/sx/index.sqlite');
  });

  it('substitutes ${ENV} in the YAML file and masks secrets when described', () => {
    const file = configFile('llm:\n  api_key: ${MY_KEY}\n  url: http://127.0.0.1:1234\n');
    const config = loadConfig({ configFile: file, env: { MY_KEY: 'sk-supersecret', SEXTANT_HOME: '/tmp/sx' } });
    expect(config.get('llm.api_key')).toBe('sk-supersecret');
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain('sk-supersecret');
    expect(printed).toContain('"llm.api_key","value":"***"');
  });

  it('rejects a missing ${ENV} reference and an invalid value with the key named', () => {
    const missing = configFile('llm:\n  api_key: ${NOPE_NOT_SET}\n');
    expect(() => loadConfig({ configFile: missing, env: {} })).toThrow(/NOPE_NOT_SET/);
    const bad = configFile('mcp:\n  port: -3\n');
    expect(() => loadConfig({ configFile: bad, env: {} })).toThrow(/mcp\.port/);
  });

  it('rejects unparsable YAML with the file named', () => {
    const broken = configFile('mcp: [unclosed\n');
    expect(() => loadConfig({ configFile: broken, env: {} })).toThrow(/not valid YAML/);
  });

  it('rejects a misspelt key with the setting it probably meant', () => {
    const file = configFile('embeddings:\n  providr: none\n');
    expect(() => loadConfig({ configFile: file, env: {} })).toThrow(/unknown setting 'embeddings.providr'; did you mean embeddings.provider/);
    expect(() => loadConfig({ configFile: configFile('nonsense: 1\n'), env: {} })).toThrow(/unknown setting 'nonsense'/);
  });

  it('rejects a file whose root is a list or a scalar', () => {
    expect(() => loadConfig({ configFile: configFile('- mcp\n- port\n'), env: {} })).toThrow(/must hold a mapping of settings.*not a list/);
    expect(() => loadConfig({ configFile: configFile('42\n'), env: {} })).toThrow(/not a number/);
  });

  it('rejects a --config file that does not exist, but not a missing default file', () => {
    expect(() => loadConfig({ configFile: '/nonexistent/sextant.yaml', requireConfigFile: true, env: {} })).toThrow(
      /config file \/nonexistent\/sextant.yaml does not exist/,
    );
    expect(() => loadConfig({ env: { SEXTANT_CONFIG: '/nonexistent/sextant.yaml', SEXTANT_HOME: '/tmp/sx' } })).not.toThrow();
  });

  it('rejects a statement timeout PostgreSQL would refuse', () => {
    const file = configFile('postgres:\n  statement_timeout_ms: 3000000000\n');
    expect(() => loadConfig({ configFile: file, env: {} })).toThrow(/statement_timeout_ms.*at most 2147483647/);
  });
});

describe('typed settings', () => {
  const empty = () => loadConfig({ env: { SEXTANT_HOME: '/tmp/sx-typed' }, configFile: configFile('') });

  it('types each value from the table: numbers are numbers, keys without a default may be null', () => {
    const config = empty();
    expectTypeOf(config.get('mcp.port')).toEqualTypeOf<number>();
    expectTypeOf(config.get('embeddings.provider')).toEqualTypeOf<'builtin' | 'onnx' | 'openai' | 'none'>();
    expectTypeOf(config.get('llm.url')).toEqualTypeOf<string | null>();
    // @ts-expect-error an unknown key is a compile error
    config.get('mcp.prot');
    expect(config.get('mcp.port')).toBe(7821);
    expect(config.get('llm.url')).toBeNull();
  });

  it('keeps defaults only in the table, each valid for its own schema', () => {
    const config = empty();
    for (const spec of SETTINGS) {
      if (spec.default === null) continue;
      expect(spec.schema.safeParse(spec.default).success, spec.key).toBe(true);
      expect(config.get(spec.key), spec.key).toEqual(spec.default);
    }
  });

  it('coerces environment strings to the declared type', () => {
    const config = loadConfig({ env: { SEXTANT_HOME: '/tmp/sx-typed', SEXTANT_MCP_PORT: '8123' }, configFile: configFile('') });
    expect(config.get('mcp.port')).toBe(8123);
  });
});
