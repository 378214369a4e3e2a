/**
 * @module presentations/mcp/options
 * The MCP server's settings, read once from the resolved configuration.
 */
import type { SextantConfig } from '../../config/load-config.js';
import type { OidcOptions } from '../../core/auth/oidc.js';
import { SextantError } from '../../kernel/errors.js';

export interface McpOptions {
  host: string;
  port: number;
  sessionTtlMs: number;
  rateLimitPerMinute: number;
  allowedOrigins: string[];
  oidc: OidcOptions | null;
  logLevel: string;
}

export function mcpOptions(config: SextantConfig): McpOptions {
  const issuer = config.get<string>('auth.oidc.issuer');
  const audience = config.get<string>('auth.oidc.audience');
  let oidc: OidcOptions | null = null;
  if (issuer || audience) {
    if (!issuer || !audience) {
      throw new SextantError('CONFIG_INVALID', 'OIDC needs both auth.oidc.issuer and auth.oidc.audience', { hint: 'set both, or neither to use static tokens only' });
    }
    oidc = {
      issuer,
      audience,
      jwksUrl: config.get<string>('auth.oidc.jwks_url') ?? `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
      clockSkewSeconds: config.get<number>('auth.oidc.clock_skew_s') ?? 30,
      rolesClaim: config.get<string>('auth.oidc.roles_claim') ?? 'roles',
      projectsClaim: config.get<string>('auth.oidc.projects_claim') ?? 'projects',
    };
  }
  return {
    host: config.get<string>('mcp.host') ?? '127.0.0.1',
    port: config.get<number>('mcp.port') ?? 7821,
    sessionTtlMs: (config.get<number>('mcp.session_ttl_s') ?? 1800) * 1000,
    rateLimitPerMinute: config.get<number>('mcp.rate_limit_rpm') ?? 600,
    allowedOrigins: (config.get<string>('mcp.allowed_origins') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    oidc,
    logLevel: config.get<string>('log.level') ?? 'info',
  };
}
