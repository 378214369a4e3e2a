/**
 * Test helper: the FTP, SFTP and S3 test servers on loopback together, for a docs source read
 * over each transport. FTP and SFTP serve one fresh local folder (`root`) to one user by password;
 * the S3 server holds the given buckets, and the AWS variables name its account until `close()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { TransportOptions } from '../../src/adapters/documents/transport/index.js';
import { startFtpServer, type FtpTestServer } from './ftp-server.js';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from './s3-server.js';
import { startSftpServer, type SftpTestServer } from './sftp-server.js';

export interface DocumentServers {
  /** The local folder the FTP and SFTP servers serve. */
  root: string;
  ftp: FtpTestServer;
  sftp: SftpTestServer;
  s3: S3TestServer;
  /** The transport options that log in to the FTP and SFTP servers. */
  login: TransportOptions;
  /** The transport options that reach the S3 server. */
  s3Options: TransportOptions;
  close(): Promise<void>;
}

export async function startDocumentServers(options: { password: string; buckets: string[] }): Promise<DocumentServers> {
  const root = mkdtempSync(join(tmpdir(), 'sextant-servers-'));
  const user = 'reader';
  const ftp = await startFtpServer({ root, user, password: options.password });
  const sftp = await startSftpServer({ root, user, password: options.password });
  const s3 = await startS3Server(options.buckets);
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_SECRET_ACCESS_KEY);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
  return {
    root,
    ftp,
    sftp,
    s3,
    login: { usernameEnv: 'U', passwordEnv: 'P', env: { U: user, P: options.password } },
    s3Options: { endpoint: s3.endpoint, forcePathStyle: true, awsRegion: 'us-east-1' },
    async close() {
      vi.unstubAllEnvs();
      await Promise.all([ftp.close(), sftp.close(), s3.close()]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
