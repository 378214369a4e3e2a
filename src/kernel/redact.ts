/**
 * @module kernel/redact
 * The one place secrets are masked. Every presentation and log passes text through here.
 */
const MASK = '***';

/**
 * `postgres://user:secret@host/db` → `postgres://user:***@host/db`; also `password=...` pairs.
 * The password runs to the last `@` of the authority, as libpq reads it, so an unencoded `@`
 * inside it (`u:Pre@Post@host`) does not leave its tail visible.
 */
export function redactDsn(text: string): string {
  return (
    text
      // up to the last @ before the URL ends: a password with an unencoded / ? # still ends there
      .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s"'<>]*)@/gi, (_m, head: string, pw: string) => (pw ? `${head}${MASK}@` : `${head}@`))
      .replace(/\b(password|passwd|pwd)\s*=\s*('[^']*'|"[^"]*"|[^\s&;]+)/gi, (_m, key: string) => `${key}=${MASK}`)
  );
}

const SECRET_KEY = /(pass(word)?|secret|token|api[_-]?key|authorization|credential)/i;

const CREDENTIAL_PARAM = /(?:token|secret|signature|sig|password|passwd|pwd|api[_-]?key|apikey|credential)s?$/i;
/** A token that pages or resumes a listing (`pageToken`, `nextToken`, `continuation_token`): a cursor, no credential. */
const CURSOR_PARAM = /(?:page|next|continuation|resumption|sync|cursor|delta)[_.-]?tokens?$/i;

/**
 * The one rule for which URL query parameters carry a credential, by their name's ending:
 * `access_token`, `client_secret`, `X-Amz-Signature` and `X-Amz-Security-Token` (presigned S3),
 * `sig` (Azure SAS), `api_key`, `password`; a paging token (`pageToken`, `nextToken`) is a cursor,
 * not a secret. Output masks these (redactQuerySecrets) and document names and origins are stored
 * with them masked (kernel/document-names), so what is printed is what is stored.
 */
export function isSecretQueryParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name) && !CURSOR_PARAM.test(name);
}

/** A query parameter in text: the name is group 1, the value group 2. */
const QUERY_PARAM = /(?<=[?&])([A-Za-z0-9_.-]+)=([^&#\s"'<>]+)/g;

/** `…?access_token=abc&page=2` → `…?access_token=***&page=2`: credential-carrying query parameters masked. */
export function redactQuerySecrets(text: string): string {
  return text.replace(QUERY_PARAM, (pair, key: string) => (isSecretQueryParam(key) ? `${key}=${MASK}` : pair));
}

/** Masks known secret shapes in free text: DSN passwords, bearer tokens, key=value secrets. */
export function redactText(text: string, knownSecrets: readonly string[] = registeredSecrets): string {
  let out = redactQuerySecrets(redactDsn(text))
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g, (_m, scheme: string) => `${scheme} ${MASK}`)
    .replace(/\bsxt_[A-Za-z0-9_-]{16,}/g, `sxt_${MASK}`)
    .replace(/\b(x-hugr-secret-key|x-hugr-api-key|x-api-key)\s*[:=]\s*\S+/gi, (_m, key: string) => `${key}: ${MASK}`)
    // a URL's query parameters are judged by isSecretQueryParam alone (`?next-token=…` is a cursor)
    .replace(/(?<![?&][A-Za-z0-9_.-]*)\b(api[_-]?key|secret|token)\s*[=:]\s*["']?[A-Za-z0-9._~+/-]{6,}["']?/gi, (_m, key: string) => `${key}=${MASK}`);
  for (const secret of knownSecrets) {
    if (secret.length >= 4) out = out.split(secret).join(MASK);
  }
  return out;
}

/** An environment variable's name. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Deep-copies a JSON-like value, masking values under secret-looking keys and secrets inside strings. */
export function redactValue<T>(value: T): T {
  // `passwordEnv: 'PGPASSWORD'`, `headerEnvs: { Authorization: 'API_TOKEN' }`: the name of the variable a secret is read from is no secret
  const walk = (v: unknown, key?: string, envNames = false): unknown => {
    if (typeof v === 'string') {
      const variable = (envNames || (key !== undefined && /Env$/.test(key))) && ENV_NAME.test(v);
      return key && SECRET_KEY.test(key) && v && !variable ? MASK : redactText(v);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object' && !(v instanceof Date) && !ArrayBuffer.isView(v)) {
      const names = key !== undefined && /Envs$/.test(key);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k, names)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Secrets learnt at run time (passwords read from env vars) that must never be printed. */
const registeredSecrets: string[] = [];

export function registerSecret(secret: string | undefined | null): void {
  if (secret && secret.length >= 4 && !registeredSecrets.includes(secret)) registeredSecrets.push(secret);
}
