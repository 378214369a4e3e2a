/**
 * A PostgreSQL store that cannot be opened, on the real server at 127.0.0.1:5432: one error
 * naming the URL with its password masked, and a hint for the cause (a missing database, a port
 * where nothing listens), for `store migrate` and for opening the store alike.
 */
import { describe, expect, it } from 'vitest';
import { migratePostgresStore, openPostgresStore } from '../../../src/adapters/store/postgres/index.js';
import { uniqueName } from '../../helpers/postgres.js';

const SECRET = 'unreachable-pw-42';

describe('a PostgreSQL store that cannot be opened', () => {
  it('says to create a missing database', async () => {
    const url = `postgres://postgres:${SECRET}@127.0.0.1:5432/${uniqueName('teams_missing')}`;
    for (const open of [() => migratePostgresStore(url), () => openPostgresStore(url)]) {
      const err = await open().then(
        () => null,
        (e: unknown) => e as { code: string; message: string; hint: string },
      );
      expect(err).toMatchObject({ code: 'SOURCE_UNREACHABLE', hint: expect.stringMatching(/^create the database first/) });
      expect(err!.message).toContain('postgres://postgres:***@127.0.0.1:5432/teams_missing');
      expect(err!.message + err!.hint).not.toContain(SECRET);
    }
  });

  it('says to check host and port where nothing listens', async () => {
    const err = await openPostgresStore(`postgres://postgres:${SECRET}@127.0.0.1:1/x`).then(
      () => null,
      (e: unknown) => e as { hint: string; message: string },
    );
    expect(err).toMatchObject({ code: 'SOURCE_UNREACHABLE', hint: expect.stringMatching(/^check the host and port/) });
    expect(err!.message).not.toContain(SECRET);
  });
});
