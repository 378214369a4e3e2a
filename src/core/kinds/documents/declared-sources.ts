/**
 * @module core/kinds/documents/declared-sources
 * Document sources declared in the config file (`documents:`, seed 004's DocumentConfig list):
 * each entry becomes the same source `sextant source add docs …` would register. Credentials
 * are named by variable (`password_env`, `header_env`), never given as values.
 */
import { z } from 'zod';
import { SextantError } from '../../../kernel/errors.js';
import { DOCUMENT_TYPES, type DocumentType } from '../../../ports/documents.js';
import type { AddSourceInput } from '../../sources.js';

const MIME_TYPES: Record<string, DocumentType> = {
  'application/pdf': 'pdf',
  'text/html': 'html',
  'text/markdown': 'markdown',
  'text/plain': 'text',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/yaml': 'yaml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

const entrySchema = z
  .object({
    name: z.string(),
    path: z.string().optional(),
    url: z.string().optional(),
    content: z.string().optional(),
    /** `auto` (default), a short type or a MIME type; `file`, `http` and `inline` (older configs) mean auto. */
    type: z.string().optional(),
    follow_links: z.boolean().optional(),
    max_depth: z.number().int().min(0).max(50).optional(),
    max_documents: z.number().int().min(1).optional(),
    link_pattern: z.string().optional(),
    same_domain_only: z.boolean().optional(),
    header_env: z.record(z.string(), z.string()).optional(),
    aws_profile: z.string().optional(),
    aws_region: z.string().optional(),
    username_env: z.string().optional(),
    password_env: z.string().optional(),
    key_path: z.string().optional(),
    host_key: z.string().optional(),
  })
  .strict();

function documentType(type: string | undefined, name: string): DocumentType | undefined {
  if (!type || ['auto', 'file', 'http', 'inline'].includes(type)) return undefined;
  const short = (DOCUMENT_TYPES as readonly string[]).includes(type) ? (type as DocumentType) : MIME_TYPES[type.toLowerCase()];
  if (!short)
    throw new SextantError('CONFIG_INVALID', `document source '${name}': unknown type '${type}'`, { hint: `use auto or one of ${DOCUMENT_TYPES.join(', ')}` });
  return short;
}

/** One `documents:` entry as the source it declares; CONFIG_INVALID names the entry and the field. */
export function declaredDocumentSource(raw: Record<string, unknown>, index: number): AddSourceInput {
  const parsed = entrySchema.safeParse(raw);
  const label = typeof raw.name === 'string' ? `'${raw.name}'` : `#${index + 1}`;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SextantError('CONFIG_INVALID', `document source ${label}: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'not accepted'}`, {
      hint: 'entries take name and one of path, url or content, with the options of `sextant source add docs` in snake_case',
    });
  }
  const e = parsed.data;
  const given = [e.path, e.url, e.content].filter((v) => v !== undefined).length;
  if (given !== 1) throw new SextantError('CONFIG_INVALID', `document source ${label}: give exactly one of path, url or content`);
  const type = documentType(e.type, e.name);
  const options: Record<string, unknown> = {
    ...(e.content !== undefined ? { content: e.content } : {}),
    ...(type ? { documentType: type } : {}),
    ...(e.follow_links ? { followLinks: true } : {}),
    ...(e.max_depth !== undefined ? { maxDepth: e.max_depth } : {}),
    ...(e.max_documents !== undefined ? { maxDocuments: e.max_documents } : {}),
    ...(e.link_pattern ? { linkPattern: e.link_pattern } : {}),
    ...(e.same_domain_only === false ? { allowOtherSites: true } : {}),
    ...(e.header_env ? { headerEnvs: e.header_env } : {}),
    ...(e.aws_profile ? { awsProfile: e.aws_profile } : {}),
    ...(e.aws_region ? { awsRegion: e.aws_region } : {}),
    ...(e.username_env ? { usernameEnv: e.username_env } : {}),
    ...(e.password_env ? { passwordEnv: e.password_env } : {}),
    ...(e.key_path ? { keyPath: e.key_path } : {}),
    ...(e.host_key ? { hostKey: e.host_key } : {}),
  };
  return { name: e.name, type: 'docs', url: e.path ?? e.url ?? '', options };
}
