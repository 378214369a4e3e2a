import { describe, expect, it } from 'vitest';
import { isSecretQueryParam, redactDsn, redactQuerySecrets, redactText, redactValue } from './redact.js';

describe('redactDsn', () => {
  it('masks the whole password, up to the last @ of the authority', () => {
    expect(redactDsn('postgres://u:Pre@Post-S3cr3t@db.example:5432/shop')).toBe('postgres://u:***@db.example:5432/shop');
    expect(redactDsn('failed: postgres://u:a@b@c@host/db and more')).toBe('failed: postgres://u:***@host/db and more');
    expect(redactDsn('postgres://reader:s3cret@localhost/shop')).toBe('postgres://reader:***@localhost/shop');
  });

  it('masks a password holding an unencoded / ? or #, which ends the authority for a URL parser', () => {
    expect(redactDsn('postgres://u:p/ss@127.0.0.1:5999/x')).toBe('postgres://u:***@127.0.0.1:5999/x');
    expect(redactDsn('bad DSN: postgres://u:a?b#c/d@h/db.')).toBe('bad DSN: postgres://u:***@h/db.');
    expect(redactDsn('{"url":"postgres://u:p/w@h/d","mail":"x@y"}')).toBe('{"url":"postgres://u:***@h/d","mail":"x@y"}');
  });

  it('leaves a DSN without a password and two DSNs in one text intact apart from their passwords', () => {
    expect(redactDsn('postgres://reader@localhost/shop')).toBe('postgres://reader@localhost/shop');
    expect(redactDsn('postgres://a:x@h1/d postgres://b:y@h2/e')).toBe('postgres://a:***@h1/d postgres://b:***@h2/e');
  });

  it('masks password= pairs', () => {
    expect(redactDsn('host=h password=abc dbname=d')).toBe('host=h password=*** dbname=d');
  });
});

describe('redactText and redactValue', () => {
  it('masks bearer tokens, Sextant tokens and secrets under secret-looking keys', () => {
    expect(redactText('Authorization: Bearer abcdef123456')).toBe('Authorization: Bearer ***');
    expect(redactValue({ password: 'p', nested: { note: 'postgres://u:Pre@Post@h/d' } })).toEqual({
      password: '***',
      nested: { note: 'postgres://u:***@h/d' },
    });
  });

  it('shows the names of the environment variables secrets are read from, and masks what is no such name', () => {
    expect(redactValue({ passwordEnv: 'PGPASSWORD', headerEnvs: { Authorization: 'API_TOKEN', 'X-Api-Key': 'Bearer abc def' } })).toEqual({
      passwordEnv: 'PGPASSWORD',
      headerEnvs: { Authorization: 'API_TOKEN', 'X-Api-Key': '***' },
    });
    expect(redactValue({ headers: { Authorization: 'API_TOKEN' }, password: 'PGPASSWORD' })).toEqual({ headers: { Authorization: '***' }, password: '***' });
  });
});

describe('redactQuerySecrets', () => {
  it('masks credential-carrying query parameters by their name, and leaves the others', () => {
    expect(redactText('added http://wiki/start.html?access_token=tok123&x=1')).toBe('added http://wiki/start.html?access_token=***&x=1');
    expect(redactQuerySecrets('https://b.s3.amazonaws.com/a.pdf?X-Amz-Security-Token=FwoG&X-Amz-Signature=ab12cd&X-Amz-Expires=60')).toBe(
      'https://b.s3.amazonaws.com/a.pdf?X-Amz-Security-Token=***&X-Amz-Signature=***&X-Amz-Expires=60',
    );
    expect(redactQuerySecrets('https://acct.blob.core.windows.net/c/a.docx?sv=2022&sig=Zx%2Bq')).toBe(
      'https://acct.blob.core.windows.net/c/a.docx?sv=2022&sig=***',
    );
    expect(redactQuerySecrets('x?client_secret=s1&api-key=k2&page=2&design=flat')).toBe('x?client_secret=***&api-key=***&page=2&design=flat');
  });

  // The new-user sweep: `?pageToken=` was masked in output while the crawled page's name kept it,
  // so the name printed was no id. One rule now decides, for output and stored names alike.
  it('decides by one rule which parameters are credentials: a paging token is a cursor', () => {
    const secret = ['access_token', 'id_token', 'token', 'X-Amz-Security-Token', 'client_secret', 'sig', 'api_key', 'apikey', 'password'];
    const cursor = [
      'pageToken',
      'page_token',
      'nextPageToken',
      'nextToken',
      'next-token',
      'continuationToken',
      'resumptionToken',
      'syncToken',
      'page',
      'design',
    ];
    expect(secret.filter((name) => !isSecretQueryParam(name))).toEqual([]);
    expect(cursor.filter(isSecretQueryParam)).toEqual([]);
    expect(redactText('read http://w/list?pageToken=CAoQAA&next-token=abcdef99&access_token=tok123')).toBe(
      'read http://w/list?pageToken=CAoQAA&next-token=abcdef99&access_token=***',
    );
  });
});
