import { describe, expect, it } from 'vitest';
import { aboutExamples, startingFile } from './test-files.js';

describe('startingFile', () => {
  const hits = (...ids: string[]) => ids.map((id) => ({ source: 'svc', id }));
  it('the first hit that is code, when the tests lead', () => {
    expect(startingFile(hits('tests/test_commands.py', 'tests/test_options.py', 'src/click/core.py'))?.id).toBe('src/click/core.py');
  });
  it('a hand-written file before a generated one, else the generated one', () => {
    const marked = new Set(['pb/rpc_login_user.pb.go', 'db/sqlc/user.sql.go', 'frontend/src/client/types.gen.ts']);
    const generated = (f: { id: string }) => marked.has(f.id);
    const order = hits('pb/rpc_login_user.pb.go', 'gapi/rpc_login_user_test.go', 'db/sqlc/user.sql.go', 'gapi/rpc_login_user.go');
    expect(startingFile(order, generated)?.id).toBe('gapi/rpc_login_user.go');
    expect(startingFile(hits('pb/rpc_login_user.pb.go', 'gapi/rpc_login_user_test.go'), generated)?.id).toBe('pb/rpc_login_user.pb.go');
    expect(startingFile(hits('frontend/src/client/types.gen.ts', 'backend/app/api/routes/login.py'), generated)?.id).toBe('backend/app/api/routes/login.py');
  });
  it('a file set aside (a schema SQL file) starts only when no hand-written file is among the first ten', () => {
    const aside = (f: { id: string }) => f.id.endsWith('.sql');
    const order = hits('db/h2/schema.sql', 'src/test/java/VisitControllerTests.java', 'db/postgres/data.sql', 'src/main/java/owner/Pet.java');
    expect(startingFile(order, () => false, aside)?.id).toBe('src/main/java/owner/Pet.java');
    // a generated file is no better a start than the schema it repeats
    expect(startingFile(hits('db/schema.sql', 'db/sqlc/user.sql.go'), (f) => f.id.endsWith('.go'), aside)?.id).toBe('db/schema.sql');
    expect(startingFile(hits('db/schema.sql', ...Array.from({ length: 9 }, (_, i) => `db/m${i}.sql`), 'src/late.ts'), () => false, aside)?.id).toBe(
      'db/schema.sql',
    );
  });
  it('the first hit when only tests match within the first ten, or nothing at all', () => {
    const tests = Array.from({ length: 10 }, (_, i) => `test/t${i}.test.ts`);
    expect(startingFile(hits(...tests, 'src/late.ts'))?.id).toBe('test/t0.test.ts');
    expect(startingFile(hits())).toBeUndefined();
  });
});

describe('aboutExamples', () => {
  it('a request for an example, a usage or how to use something asks for one', () => {
    expect(aboutExamples('an example of a websocket subscription')).toBe(true);
    expect(aboutExamples('How to use the query builder')).toBe(true);
    expect(aboutExamples('how does a subscription get its data')).toBe(false);
  });
});
