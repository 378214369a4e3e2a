import { describe, expect, it } from 'vitest';
import { parseDsn } from './dsn.js';
import { DEFAULT_GUARDS, guardedClientConfig, parseDurationMs } from './session-guard.js';

describe('parseDurationMs', () => {
  it.each([
    ['5s', 5000],
    ['50ms', 50],
    ['10s', 10000],
    ['1min', 60000],
    ['2h', 7200000],
    ['0', 0],
    ['1500', 1500],
    ['soon', null],
  ])('%s → %s', (shown, ms) => expect(parseDurationMs(shown)).toBe(ms));
});

describe('guardedClientConfig', () => {
  const target = parseDsn('postgres://alice:pw99@db:5432/shop');

  it('sends every guard as a startup parameter, with a fast connect timeout', () => {
    expect(guardedClientConfig(target)).toMatchObject({
      host: 'db',
      application_name: 'sextant',
      statement_timeout: 5000,
      idle_in_transaction_session_timeout: 10000,
      connectionTimeoutMillis: 5000,
      options: '-c default_transaction_read_only=on',
    });
    expect(DEFAULT_GUARDS).toEqual({ statementTimeoutMs: 5000, idleInTransactionTimeoutMs: 10000, connectTimeoutMs: 5000 });
  });

  it('takes overrides and keeps a client-side backstop above the statement timeout', () => {
    const config = guardedClientConfig(target, { statementTimeoutMs: 50, connectTimeoutMs: undefined });
    expect(config.statement_timeout).toBe(50);
    expect(config.connectionTimeoutMillis).toBe(5000);
    expect(config.query_timeout).toBeGreaterThan(50);
  });

  it('rejects non-positive or fractional timeouts', () => {
    expect(() => guardedClientConfig(target, { statementTimeoutMs: 0 })).toThrow(/positive whole number/);
    expect(() => guardedClientConfig(target, { idleInTransactionTimeoutMs: 1.5 })).toThrow(/positive whole number/);
  });
});
