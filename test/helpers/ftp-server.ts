/**
 * Test helper: a real FTP server (ftp-srv) on loopback, serving a local folder to one user and
 * password, in passive mode. Logs are discarded.
 */
import type { AddressInfo, Server } from 'node:net';
import { FtpSrv } from 'ftp-srv';

export interface FtpTestServer {
  /** `ftp://127.0.0.1:PORT` */
  url: string;
  /** Logins refused so far. */
  refused: number;
  /** Logins accepted so far (one per connection). */
  logins: number;
  /** Files sent so far (RETR), as the server names them: the downloads. */
  downloads: string[];
  close(): Promise<void>;
}

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => quiet };

export async function startFtpServer(options: { root: string; user: string; password: string }): Promise<FtpTestServer> {
  const pasvMin = 40_000 + Math.floor(Math.random() * 20_000);
  const ftp = new FtpSrv({ url: 'ftp://127.0.0.1:0', pasv_url: '127.0.0.1', pasv_min: pasvMin, pasv_max: pasvMin + 200, anonymous: false, log: quiet });
  const result: FtpTestServer = {
    url: '',
    refused: 0,
    logins: 0,
    downloads: [],
    async close() {
      await ftp.close();
    },
  };
  ftp.on('login', ({ connection, username, password }, resolve, reject) => {
    if (username === options.user && password === options.password) {
      result.logins += 1;
      connection.on('RETR', (error, path) => {
        if (!error) result.downloads.push(path);
      });
      return resolve({ root: options.root });
    }
    result.refused += 1;
    reject(new Error('Invalid username or password'));
  });
  await ftp.listen();
  const port = ((ftp as unknown as { server: Server }).server.address() as AddressInfo).port;
  result.url = `ftp://127.0.0.1:${port}`;
  return result;
}
