/**
 * @module presentations/mcp/options
 * The MCP server's settings, read once from the resolved configuration.
 */
import type { SextantConfig } from '../../config/load-config.js';
import type { OidcOptions } from '../../core/auth/oidc.js';
import type { SessionCaps } from '../../core/sessions/session-cap.js';
import { SextantError } from '../../kernel/errors.js';

export interface McpOptions {
  host: string;
  port: number;
  sessionTtlMs: number;
  rateLimitPerMinute: number;
  sessionCaps: SessionCaps;
  allowedOrigins: string[];
  oidc: OidcOptions | null;
  logLevel: string;
}

export function mcpOptions(config: SextantConfig): McpOptions {
  const issuer = config.get('auth.oidc.issuer');
  const audience = config.get('auth.oidc.audience');
  let oidc: OidcOptions | null = null;
  if (issuer || audience) {
    if (!issuer || !audience) {
      throw new SextantError('CONFIG_INVALID', 'OIDC needs both auth.oidc.issuer and auth.oidc.audience', {
        hint: 'set both, or neither to use static tokens only',
      });
    }
    oidc = {
      issuer,
      audience,
      jwksUrl: config.get('auth.oidc.jwks_url') ?? `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
      clockSkewSeconds: config.get('auth.oidc.clock_skew_s'),
      rolesClaim: config.get('auth.oidc.roles_claim'),
      projectsClaim: config.get('auth.oidc.projects_claim'),
    };
  }
  return {
    host: config.get('mcp.host'),
    port: config.get('mcp.port'),
    sessionTtlMs: config.get('mcp.session_ttl_s') * 1000,
    rateLimitPerMinute: config.get('mcp.rate_limit_rpm'),
    sessionCaps: { perCredential: config.get('mcp.max_sessions_per_credential'), total: config.get('mcp.max_sessions') },
    allowedOrigins: config
      .get('mcp.allowed_origins')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    oidc,
    logLevel: config.get('log.level'),
  };
}
