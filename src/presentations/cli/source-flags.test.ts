import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_KINDS } from '../../core/kinds/default-kinds.js';
import { addSourceOptionFlags, sourceOptionFlags, sourceOptionsFrom } from './source-flags.js';

const flags = sourceOptionFlags(DEFAULT_SOURCE_KINDS);

function parse(args: string[]): Record<string, unknown> {
  const command = addSourceOptionFlags(new Command().exitOverride(), flags);
  command.parse(args, { from: 'user' });
  return sourceOptionsFrom(command.opts(), flags);
}

describe('source add flags from the registered kinds', () => {
  it('are the flags `source add` always had, in the same order, plus the privilege opt-ins', () => {
    expect(flags.map((f) => f.flag)).toEqual([
      'schema',
      'skip-pattern',
      'password-env',
      'allow-extra-privileges',
      'allow-definer',
      // OpenAPI registers before GraphQL (a .json/.yaml URL is a spec): its header-env comes first.
      'header-env',
      'secret-key-env',
      'api-key-env',
      'user-token-env',
      'user-token-as',
      'allow-anonymous',
      // documents
      'content',
      'type',
      'follow-links',
      'max-depth',
      'max-documents',
      'link-pattern',
      'allow-other-sites',
      'aws-profile',
      'aws-region',
      'username-env',
      'key-path',
      'host-key',
      'graph',
    ]);
  });

  it('show a choice by its values, a variable name as VAR', () => {
    const help = addSourceOptionFlags(new Command(), flags).helpInformation();
    expect(help).toContain('--user-token-as <bearer|api-key>');
    expect(help).toContain('--user-token-env <VAR>');
    expect(parse(['--user-token-as', 'api-key'])).toEqual({ userTokenAs: 'api-key' });
  });

  it('set the source options they name', () => {
    expect(parse(['--schema', 'sales', '--schema', 'crm', '--skip-pattern', 'tmp_*', '--password-env', 'PGPASS'])).toEqual({
      schemas: ['sales', 'crm'],
      skipPatterns: ['tmp_*'],
      passwordEnv: 'PGPASS',
    });
    expect(parse(['--header-env', 'Authorization=API_TOKEN', '--user-token-env', 'ME', '--allow-anonymous'])).toEqual({
      headerEnvs: { Authorization: 'API_TOKEN' },
      userTokenEnv: 'ME',
      allowAnonymous: true,
    });
    expect(parse(['--allow-extra-privileges', '--allow-definer', 'app.stats'])).toEqual({ allowExtraPrivileges: true, allowDefiner: ['app.stats'] });
    expect(parse([])).toEqual({});
  });

  it('refuse a header without a name, saying what is expected', () => {
    expect(() => parse(['--header-env', 'API_TOKEN'])).toThrow("--header-env expects Header=VAR, got 'API_TOKEN'");
  });
});
