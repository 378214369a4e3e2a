/**
 * Test helper: a real SSH server (ssh2's Server) on loopback whose SFTP subsystem serves a local
 * folder read-only, to one user by password and/or public key. Host and client keys are made at
 * test time (ssh2's generateKeyPairSync, ed25519).
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync, type Stats } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { posix, join } from 'node:path';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface SftpTestServer {
  /** `sftp://127.0.0.1:PORT` */
  url: string;
  /** Authentication attempts refused so far (password or key). */
  refused: number;
  /** Connections that logged in so far. */
  logins: number;
  /** Files opened for reading so far (their SFTP paths): the downloads. */
  opened: string[];
  /** The host key's fingerprint as `ssh-keygen -lf` prints it (`SHA256:…`). */
  hostKeyFingerprint: string;
  close(): Promise<void>;
}

export interface SftpServerOptions {
  root: string;
  user: string;
  password?: string;
  /** OpenSSH public keys (`ssh-ed25519 AAAA…`) accepted for the user. */
  publicKeys?: string[];
}

/** An ed25519 key pair in OpenSSH format; with a passphrase, the private key is encrypted (few bcrypt rounds, for speed). */
export function generateClientKey(passphrase?: string): { privateKey: string; publicKey: string } {
  const pair = passphrase ? utils.generateKeyPairSync('ed25519', { passphrase, cipher: 'aes256-ctr', rounds: 2 }) : utils.generateKeyPairSync('ed25519');
  return { privateKey: pair.private, publicKey: pair.public };
}

const attrsOf = (stats: Stats) => ({
  mode: stats.mode,
  uid: stats.uid,
  gid: stats.gid,
  size: stats.size,
  atime: Math.floor(stats.atimeMs / 1000),
  mtime: Math.floor(stats.mtimeMs / 1000),
});

/** `ls -l`-like line: ssh2-sftp-client reads the entry type from its first character. */
const longname = (name: string, stats: Stats) =>
  `${stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : '-'}rw-r--r-- 1 owner group ${stats.size} Jan 01 00:00 ${name}`;

function serveSftp(sftp: SFTPWrapper, root: string, opened: string[]): void {
  const handles = new Map<number, { fd?: number; dir?: string; listed?: boolean }>();
  let next = 1;
  const local = (path: string) => join(root, posix.normalize(`/${path}`));
  const handleOf = (buffer: Buffer) => handles.get(buffer.readUInt32BE(0));
  const newHandle = (value: { fd?: number; dir?: string }) => {
    const id = next++;
    handles.set(id, value);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const statOr = (reqid: number, path: string) => {
    try {
      return statSync(local(path));
    } catch {
      sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE, 'No such file');
      return null;
    }
  };
  sftp
    .on('REALPATH', (reqid, path) => {
      const normal = posix.normalize(`/${path}`);
      sftp.name(reqid, [{ filename: normal, longname: normal, attrs: {} as never }]);
    })
    .on('STAT', (reqid, path) => {
      const stats = statOr(reqid, path);
      if (stats) sftp.attrs(reqid, attrsOf(stats));
    })
    .on('LSTAT', (reqid, path) => {
      const stats = statOr(reqid, path);
      if (stats) sftp.attrs(reqid, attrsOf(stats));
    })
    .on('OPENDIR', (reqid, path) => {
      const stats = statOr(reqid, path);
      if (!stats) return;
      if (!stats.isDirectory()) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Not a directory');
      sftp.handle(reqid, newHandle({ dir: local(path) }));
    })
    .on('READDIR', (reqid, handle) => {
      const open = handleOf(handle);
      if (!open?.dir) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      if (open.listed) return sftp.status(reqid, STATUS_CODE.EOF);
      open.listed = true;
      const names = readdirSync(open.dir).map((filename) => {
        const stats = statSync(join(open.dir!, filename));
        return { filename, longname: longname(filename, stats), attrs: attrsOf(stats) };
      });
      sftp.name(reqid, names);
    })
    .on('OPEN', (reqid, filename) => {
      opened.push(filename);
      try {
        sftp.handle(reqid, newHandle({ fd: openSync(local(filename), 'r') }));
      } catch {
        sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE, 'No such file');
      }
    })
    .on('FSTAT', (reqid, handle) => {
      const open = handleOf(handle);
      if (open?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      sftp.attrs(reqid, attrsOf(fstatSync(open.fd)));
    })
    .on('READ', (reqid, handle, offset, length) => {
      const open = handleOf(handle);
      if (open?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      const buffer = Buffer.alloc(length);
      const read = readSync(open.fd, buffer, 0, length, offset);
      if (read === 0) return sftp.status(reqid, STATUS_CODE.EOF);
      sftp.data(reqid, buffer.subarray(0, read));
    })
    .on('CLOSE', (reqid, handle) => {
      const id = handle.readUInt32BE(0);
      const open = handles.get(id);
      if (open?.fd !== undefined) closeSync(open.fd);
      handles.delete(id);
      sftp.status(reqid, STATUS_CODE.OK);
    });
}

export async function startSftpServer(options: SftpServerOptions): Promise<SftpTestServer> {
  // ssh2 now and then cannot read back an ed25519 key it just generated (parseKey returns an Error): draw another
  let hostKey = '';
  let parsedHostKey: ssh2.ParsedKey | Error = new Error('no host key');
  for (let tries = 0; tries < 5 && parsedHostKey instanceof Error; tries++) {
    hostKey = utils.generateKeyPairSync('ed25519').private;
    parsedHostKey = utils.parseKey(hostKey) as ssh2.ParsedKey | Error;
  }
  if (parsedHostKey instanceof Error) throw parsedHostKey;
  const hostPublicKey = parsedHostKey.getPublicSSH();
  const allowed = (options.publicKeys ?? []).map((key) => {
    const parsed = utils.parseKey(key);
    if (parsed instanceof Error) throw parsed;
    return parsed;
  });
  const clients = new Set<Connection>();
  const result: SftpTestServer = {
    url: '',
    refused: 0,
    logins: 0,
    opened: [],
    hostKeyFingerprint: `SHA256:${createHash('sha256').update(hostPublicKey).digest('base64').replace(/=+$/, '')}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of clients) client.end();
        server.close(() => resolve());
      }),
  };
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const refuse = () => {
        result.refused += 1;
        ctx.reject(['password', 'publickey']);
      };
      if (ctx.username !== options.user) return refuse();
      if (ctx.method === 'password') return options.password !== undefined && ctx.password === options.password ? ctx.accept() : refuse();
      if (ctx.method === 'publickey') {
        const key = allowed.find((k) => k.type === ctx.key.algo && k.getPublicSSH().equals(ctx.key.data));
        if (!key) return refuse();
        if (!ctx.signature) return ctx.accept();
        return key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) === true ? ctx.accept() : refuse();
      }
      ctx.reject(['password', 'publickey']);
    });
    client.on('ready', () => {
      result.logins += 1;
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => serveSftp(acceptSftp(), options.root, result.opened));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  result.url = `sftp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return result;
}
