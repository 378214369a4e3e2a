/**
 * @module presentations/http/origin
 * DNS-rebinding protection. A page on evil.example whose name resolves to 127.0.0.1 can make a
 * browser send requests to a loopback server; the browser then sends `Origin:
 * http://evil.example` and `Host: evil.example:7821`. So: a present Origin must be the
 * server's own or on the allow-list, and on a loopback bind the Host must be a loopback name.
 * Requests without Origin (every non-browser client) pass the Origin check.
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return LOOPBACK_NAMES.has(h) || isLoopbackIpv4(h) || h.endsWith('.localhost');
}

/** 127.0.0.0/8 written as four decimal octets of at most 255 (`127.999.999.999` is no address). */
function isLoopbackIpv4(h: string): boolean {
  const octets = h.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

/** Host header → host name without port (`[::1]:7821` → `[::1]`, `localhost:7821` → `localhost`). */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? h;
}

export interface OriginPolicy {
  /**
   * Whether a request with this Origin header (undefined: none) may proceed. `host` (the request's
   * Host header, when it passes allowsHost) makes the address the page was loaded from the
   * server's own too: on a bind such as 0.0.0.0 no browser sends `http://0.0.0.0:port`.
   */
  allowsOrigin(origin: string | undefined, host?: string): boolean;
  /** Whether a request with this Host header may proceed. */
  allowsHost(host: string | undefined): boolean;
}

export function normalizeOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin.toLowerCase();
  } catch {
    return null;
  }
}

export function createOriginPolicy(options: { bindHost: string; port: () => number; allowedOrigins: readonly string[] }): OriginPolicy {
  const loopback = isLoopbackHost(options.bindHost);
  const configured = new Set(options.allowedOrigins.map(normalizeOrigin).filter((o): o is string => o !== null));
  const own = (): Set<string> => {
    const port = options.port();
    const names = loopback ? ['localhost', '127.0.0.1', '[::1]'] : [options.bindHost];
    return new Set(names.flatMap((n) => [`http://${n}:${port}`, `https://${n}:${port}`]));
  };
  const allowsHost = (host: string | undefined): boolean => {
    if (!loopback) return true;
    if (!host) return false;
    return isLoopbackHost(hostName(host).replace(/^\[|\]$/g, ''));
  };
  return {
    allowsOrigin(origin, host) {
      if (origin === undefined || origin === '') return true;
      const normalized = normalizeOrigin(origin);
      if (normalized === null) return false; // "null", file://, chrome-extension://…
      if (configured.has(normalized) || own().has(normalized)) return true;
      // same origin: the page came from the address this request is sent to (a rebinding page
      // passes this too, but only on a bind that checks Host or requires a credential it lacks)
      const sentTo = host?.trim().toLowerCase();
      return Boolean(sentTo) && allowsHost(sentTo) && [`http://${sentTo}`, `https://${sentTo}`].map(normalizeOrigin).includes(normalized);
    },
    allowsHost,
  };
}
