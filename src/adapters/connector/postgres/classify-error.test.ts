import { describe, expect, it } from 'vitest';
import { SextantError } from '../../../kernel/errors.js';
import { classifyPgError } from './classify-error.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('classifyPgError', () => {
  it.each([
    [pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'), 'SOURCE_UNREACHABLE', { errno: 'ECONNREFUSED' }],
    [pgError('ENOTFOUND', 'getaddrinfo ENOTFOUND nope.invalid'), 'SOURCE_UNREACHABLE', { errno: 'ENOTFOUND' }],
    [pgError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:5432'), 'SOURCE_UNREACHABLE', { errno: 'ETIMEDOUT' }],
    [new Error('Connection terminated due to connection timeout'), 'SOURCE_UNREACHABLE', {}],
    [new Error('timeout expired'), 'SOURCE_UNREACHABLE', {}],
    [pgError('28P01', 'password authentication failed for user "alice"'), 'AUTH_FAILED', { sqlState: '28P01' }],
    [pgError('28000', 'role "ghost" does not exist'), 'AUTH_FAILED', { sqlState: '28000' }],
    [pgError('3D000', 'database "nope" does not exist'), 'DATABASE_NOT_FOUND', { sqlState: '3D000' }],
    [pgError('57014', 'canceling statement due to statement timeout'), 'STATEMENT_TIMEOUT', { sqlState: '57014' }],
    [new Error('Query read timeout'), 'STATEMENT_TIMEOUT', {}],
    [pgError('42501', 'permission denied for table orders'), 'INTROSPECTION_FAILED', { sqlState: '42501' }],
    [pgError('EPIPE', 'write EPIPE'), 'SOURCE_UNREACHABLE', { errno: 'EPIPE' }],
    ['a string', 'INTROSPECTION_FAILED', {}],
    [null, 'INTROSPECTION_FAILED', {}],
    [undefined, 'INTROSPECTION_FAILED', {}],
    [{ weird: true }, 'INTROSPECTION_FAILED', {}],
  ])('classifies %s as %s', (err, code, details) => {
    const out = classifyPgError(err, 'db:5432/shop');
    expect(out).toBeInstanceOf(SextantError);
    expect(out.code).toBe(code);
    expect(out.details).toEqual(details);
    expect(out.hint).toMatch(/then retry/);
    expect(out.message).toContain('db:5432/shop');
  });

  it('reads the code of an AggregateError (Node tries every address of a host)', () => {
    const agg = Object.assign(new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:1')], ''), { code: undefined });
    expect(classifyPgError(agg).code).toBe('SOURCE_UNREACHABLE');
  });

  it('redacts passwords and registered secrets in messages', () => {
    const out = classifyPgError(new Error('could not use postgres://alice:hunter22@db/shop'), 'postgres://alice:hunter22@db/shop');
    expect(out.message).not.toContain('hunter22');
    expect(out.message).toContain('alice:***@');
  });

  it('passes a SextantError through and never throws', () => {
    const original = new SextantError('INVALID_DSN', 'bad');
    expect(classifyPgError(original)).toBe(original);
    const hostile = Object.defineProperty({}, 'code', {
      get: () => {
        throw new Error('boom');
      },
    });
    expect(classifyPgError(hostile).code).toBe('INTROSPECTION_FAILED');
  });
});
