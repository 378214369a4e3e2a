/**
 * `sextant token create|list` as a user reads them: the role each token has is the one the HTTP
 * server grants it (no --role: reader), in the create message, the list and its --json.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp } from '../mcp/fixture.js';

describe('sextant token', () => {
  const home = tempHome();
  const env = cliEnv(home.dir);
  afterAll(() => home.cleanup());

  it('names the role each token gets, and the server grants that role', async () => {
    const plain = await runCli(['token', 'create', '--name', 'laptop'], env);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/^token 'laptop' created \(id [0-9a-f]+, role reader, projects: all\)/);
    const editor = await runCli(['token', 'create', '--name', 'ci', '--role', 'editor'], env);
    expect(editor.stderr).toMatch(/role editor, projects: all/);
    // the name may be an argument, as for `project create` and `token revoke`; given twice, it must agree
    const byArgument = await runCli(['token', 'create', 'robot'], env);
    expect(byArgument.stderr).toMatch(/^token 'robot' created/);
    const twice = await runCli(['token', 'create', 'a', '--name', 'b', '--json'], env);
    expect(twice.code).toBe(2);
    expect(twice.json.error).toMatchObject({ code: 'USAGE', message: "two names given: 'a' and --name 'b'" });
    const none = await runCli(['token', 'create'], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('error: token create needs a name\nhint: pass it: `sextant token create <name>` (or --name <name>)\n');
    // --json names the role it gets, as the list does
    const created = await runCli(['token', 'create', '--name', 'bot', '--json'], env);
    expect(created.json).toMatchObject({ ok: true, token: expect.stringMatching(/^sxt_/), name: 'bot', roles: [], role: 'reader' });

    const list = await runCli(['token', 'list'], env);
    expect(list.stdout).toMatch(/^name\s+id\s+projects\s+role\s+created$/m);
    expect(list.stdout).toMatch(/^laptop\s+[0-9a-f]+\s+all\s+reader\s/m);
    expect(list.stdout).toMatch(/^ci\s+[0-9a-f]+\s+all\s+editor\s/m);
    const json = await runCli(['token', 'list', '--json'], env);
    expect(json.json.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'laptop', roles: [], role: 'reader' }),
        expect.objectContaining({ name: 'ci', roles: ['editor'], role: 'editor' }),
      ]),
    );

    // what the list says is what the server does with the token
    const server = startCli(['mcp', '--http', '--port', '0', '--json'], env);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout!.on('data', (d) => {
          out += d;
          const m = /"url":\s*"([^"]+)"/.exec(out);
          if (m) resolve(m[1]!);
        });
        server.on('exit', (code) => reject(new Error(`mcp exited ${code}`)));
      });
      const client = await connectHttp(url, { Authorization: `Bearer ${plain.stdout.trim()}` });
      expect((await call(client, 'status')).text).toMatch(/role: reader/);
      await client.close();
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });
});
