import { describe, expect, it } from 'vitest';
import { SextantError } from '../../../kernel/errors.js';
import { redactText } from '../../../kernel/redact.js';
import { checkPasswordEnv, parseDsn, resolveTarget, toClientConfig } from './dsn.js';

function failure(fn: () => unknown): SextantError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SextantError);
    return err as SextantError;
  }
  throw new Error('expected a SextantError');
}

describe('parseDsn', () => {
  it.each([
    ['postgres://alice:s3cr3t@db.example.com:6543/shop', { host: 'db.example.com', port: 6543, user: 'alice', password: 's3cr3t', database: 'shop' }],
    ['postgresql://alice@localhost/shop', { host: 'localhost', port: 5432, user: 'alice', password: undefined, database: 'shop' }],
    ['POSTGRES://127.0.0.1', { host: '127.0.0.1', port: 5432, user: undefined, database: undefined }],
    ['postgres://bob:p%40ss%2Fw0rd@[::1]:5433/my%20db', { host: '::1', port: 5433, user: 'bob', password: 'p@ss/w0rd', database: 'my db' }],
    ['postgres:///shop?host=/var/run/postgresql&user=carol', { host: '/var/run/postgresql', database: 'shop', user: 'carol' }],
  ])('parses %s', (dsn, expected) => {
    expect(parseDsn(dsn)).toMatchObject(expected);
  });

  it('maps sslmode to the driver ssl setting', () => {
    expect(parseDsn('postgres://h/db').ssl).toBe(false);
    expect(parseDsn('postgres://h/db?sslmode=require').ssl).toEqual({ rejectUnauthorized: false });
    expect(parseDsn('postgres://h/db?sslmode=verify-full').ssl).toEqual({ rejectUnauthorized: true });
  });

  it.each([
    ['mysql://root:hunter22@db/shop', /not a PostgreSQL DSN/],
    ['db.example.com:5432/shop', /not a PostgreSQL DSN/],
    ['', /not a PostgreSQL DSN/],
    ['postgres://alice:hunter22@db:99999/shop', /invalid port|not a valid URL/],
    ['postgres://alice:hunter22@db:0/shop', /invalid port/],
    ['postgres://alice:hunter22@/shop', /no host|not a valid URL/],
    ['postgres://alice:hunter22@db/shop/extra', /single database name/],
    ['postgres://alice:hunter22@db/shop?sslmode=sometimes', /unknown sslmode/],
    ['postgres://alice:hunter22@db/sh\u0000op', /control character.*sh\\x00op/],
    ['postgres://alice:hunter22@db/sh%00op', /control character/],
  ])('rejects %s with INVALID_DSN and no password in the message', (dsn, pattern) => {
    const err = failure(() => parseDsn(dsn));
    expect(err.code).toBe('INVALID_DSN');
    expect(err.message).toMatch(pattern);
    expect(err.message).not.toContain('hunter22');
    expect(err.hint).toMatch(/postgres:\/\//);
  });
});

describe('parseDsn, odd inputs', () => {
  it('honours ?password= as libpq does, and registers it for redaction', () => {
    expect(parseDsn('postgres://alice@db/shop?password=qwerty42').password).toBe('qwerty42');
    expect(redactText('login with qwerty42 failed')).not.toContain('qwerty42');
  });

  it('clips a very long DSN in its error', () => {
    const err = failure(() => parseDsn(`postgres://db/${'x'.repeat(100_000)}/y`));
    expect(err.message.length).toBeLessThan(400);
    expect(err.message).toMatch(/characters\)$/);
  });
});

describe('resolveTarget', () => {
  const source = (url: string, passwordEnv?: string) => ({ url, options: passwordEnv ? { passwordEnv } : {} });

  it('takes the password from options.passwordEnv and registers it for redaction', () => {
    const target = resolveTarget(source('postgres://alice@db/shop', 'SXT_TEST_PW'), { SXT_TEST_PW: 'env-secret-9137' });
    expect(target.password).toBe('env-secret-9137');
    expect(redactText('login failed for env-secret-9137')).toBe('login failed for ***');
  });

  it('prefers passwordEnv over a password in the DSN', () => {
    expect(resolveTarget(source('postgres://alice:dsnpass@db/shop', 'SXT_PW'), { SXT_PW: 'from-env' }).password).toBe('from-env');
  });

  it('registers an inline DSN password too', () => {
    resolveTarget(source('postgres://alice:inline-pw-5521@db/shop'), {});
    expect(redactText('oops inline-pw-5521')).toBe('oops ***');
  });

  it('fails with a hint when the variable is not set', () => {
    const err = failure(() => resolveTarget(source('postgres://alice@db/shop', 'SXT_MISSING'), {}));
    expect(err.code).toBe('INVALID_DSN');
    expect(err.message).toContain('SXT_MISSING');
    expect(err.hint).toContain('export SXT_MISSING');
  });

  it('rejects a passwordEnv that is not a variable name', () => {
    expect(failure(() => checkPasswordEnv('not a name')).code).toBe('INVALID_DSN');
    expect(checkPasswordEnv(undefined)).toBeUndefined();
    expect(checkPasswordEnv('PG_PW')).toBe('PG_PW');
  });
});

describe('toClientConfig', () => {
  it('passes connection fields only', () => {
    expect(toClientConfig(parseDsn('postgres://alice:pw12@db:6000/shop'))).toEqual({
      host: 'db',
      port: 6000,
      user: 'alice',
      password: 'pw12',
      database: 'shop',
      ssl: false,
    });
  });
});
