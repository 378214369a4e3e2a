import { describe, expect, it } from 'vitest';
import { createOriginPolicy, hostName, isLoopbackHost } from './origin.js';

describe('origin policy', () => {
  const loopback = createOriginPolicy({ bindHost: '127.0.0.1', port: () => 7821, allowedOrigins: ['https://app.example/', 'not a url'] });

  it.each([
    [undefined, true],
    ['', true],
    ['http://localhost:7821', true],
    ['http://127.0.0.1:7821', true],
    ['http://[::1]:7821', true],
    ['https://app.example', true],
    ['HTTPS://APP.EXAMPLE', true],
    ['http://localhost:3000', false],
    ['http://evil.example', false],
    ['http://app.example', false],
    ['null', false],
    ['file://', false],
    ['chrome-extension://abc', false],
  ])('Origin %s → %s', (origin, allowed) => {
    expect(loopback.allowsOrigin(origin)).toBe(allowed);
  });

  it.each([
    ['localhost:7821', true],
    ['127.0.0.1:7821', true],
    ['[::1]:7821', true],
    ['127.0.0.2', true],
    ['evil.example:7821', false],
    ['127.0.0.1.evil.example', false],
    ['127.999.999.999:7821', false],
    ['127.0.0.256', false],
    [undefined, false],
  ])('Host %s on a loopback bind → %s', (host, allowed) => {
    expect(loopback.allowsHost(host)).toBe(allowed);
  });

  it('does not check Host on a public bind (names are unknown; auth is required there)', () => {
    const open = createOriginPolicy({ bindHost: '0.0.0.0', port: () => 80, allowedOrigins: [] });
    expect(open.allowsHost('sextant.example.com')).toBe(true);
    expect(open.allowsOrigin('http://evil.example')).toBe(false);
  });

  it('takes the address a request is sent to as the server’s own on a public bind (no browser sends http://0.0.0.0)', () => {
    const open = createOriginPolicy({ bindHost: '0.0.0.0', port: () => 7822, allowedOrigins: [] });
    expect(open.allowsOrigin('http://192.0.2.2:7822')).toBe(false);
    expect(open.allowsOrigin('http://192.0.2.2:7822', '192.0.2.2:7822')).toBe(true);
    expect(open.allowsOrigin('https://sextant.example.com', 'Sextant.Example.com')).toBe(true);
    expect(open.allowsOrigin('http://sextant.example.com', 'sextant.example.com:80')).toBe(true);
    // another site's page posting here, and the right host on another port, stay refused
    expect(open.allowsOrigin('http://evil.example', '192.0.2.2:7822')).toBe(false);
    expect(open.allowsOrigin('http://192.0.2.2:3000', '192.0.2.2:7822')).toBe(false);
    // on loopback the Host must still be a loopback name for its origin to count
    expect(loopback.allowsOrigin('http://evil.example:7821', 'evil.example:7821')).toBe(false);
    expect(loopback.allowsOrigin('http://127.0.0.2:7821', '127.0.0.2:7821')).toBe(true);
  });

  it('recognises loopback hosts and strips ports', () => {
    expect(['localhost', '127.0.0.1', '::1', '127.1.2.3', 'a.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', 'example.com', '::'].some(isLoopbackHost)).toBe(false);
    expect([hostName('[::1]:80'), hostName('Localhost:80'), hostName('x')]).toEqual(['[::1]', 'localhost', 'x']);
  });
});
