/**
 * @module core/kinds/documents/documents-kind
 * The documents family (seed 004): manuals, wikis, runbooks and spreadsheets as sources. A
 * `docs` source is a folder, a file, a URL (optionally crawled), an S3 prefix, an FTP/SFTP
 * directory or inline content; each document is one object whose extracted markdown is cut into
 * passages at headings, so a document yields several chunks.
 */
import { z } from 'zod';
import { headerEnvsOption } from '../header-envs-option.js';
import { DOCUMENT_TYPES } from '../../../ports/documents.js';
import type { ObjectKindSpec, SourceKind } from '../../../ports/source-kind.js';
import { documentChunkFields } from './documents-chunks.js';

export const DOCUMENTS_FAMILY = 'documents';
/** The same kind as session documents: `--kind document` finds both. */
export const SOURCE_DOCUMENT_KIND = 'document';

const OBJECT_KINDS: readonly ObjectKindSpec[] = [
  {
    kind: SOURCE_DOCUMENT_KIND,
    label: 'document',
    chunked: true,
    pathResolvable: true,
    listed: true,
    passages: true,
    internalAttributes: ['bytesHash', 'etag', 'links', 'outboundAnchors', 'anchors', 'linksTo', 'listed', 'chunkTokens', 'chunkOverlap'],
    // The builtin word vectors read prose poorly: at full weight they pulled hybrid below lexical
    // on the PostgreSQL manual's dev queries (bench documents). At 0.3, vector places (and the
    // top-rank bonus they give) count a third: hybrid s@5 0.836 → 0.879, MRR 0.689 → 0.715.
    vectorWeight: 0.3,
  },
];

export const documentsOptions = z.object({
  content: z.string().optional().meta({ placeholder: 'TEXT' }).describe('Docs: the document itself (inline text); no location needed'),
  documentType: z
    .enum(DOCUMENT_TYPES)
    .optional()
    .meta({ flag: 'type', placeholder: 'TYPE' })
    .describe(`Docs: the documents' type when neither name nor server tells it (${DOCUMENT_TYPES.join(', ')})`),
  followLinks: z.boolean().optional().describe('Docs: crawl the links of a URL (same site only)'),
  maxDepth: z.coerce.number().int().min(0).max(50).optional().meta({ placeholder: 'N' }).describe('Docs: crawl depth from the first page (default 2)'),
  maxDocuments: z.coerce.number().int().min(1).max(100_000).optional().meta({ placeholder: 'N' }).describe('Docs: most documents read (crawl default 10)'),
  linkPattern: z.string().optional().meta({ placeholder: 'REGEX' }).describe('Docs: follow only links whose URL matches this pattern'),
  allowOtherSites: z.boolean().optional().describe('Docs: let the crawl leave the first page’s site'),
  headerEnvs: headerEnvsOption,
  awsProfile: z.string().optional().meta({ placeholder: 'PROFILE' }).describe('Docs on S3: the AWS profile (default: the standard chain)'),
  awsRegion: z.string().optional().meta({ placeholder: 'REGION' }).describe('Docs on S3: the bucket’s region'),
  usernameEnv: z.string().optional().describe('Docs on FTP/SFTP: environment variable holding the user name'),
  passwordEnv: z.string().optional().describe('Name of the environment variable holding the password (PostgreSQL, FTP, SFTP)'),
  keyPath: z.string().optional().meta({ placeholder: 'FILE' }).describe('Docs on SFTP: private key file'),
  hostKey: z
    .string()
    .regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/, 'a SHA256 fingerprint as ssh-keygen -lf prints it (SHA256:…)')
    .optional()
    .meta({ placeholder: 'SHA256:…' })
    .describe('Docs on SFTP: the server’s host key fingerprint; another key is refused'),
});

export type DocumentsOptions = z.infer<typeof documentsOptions>;

export const documentsKind: SourceKind = {
  family: DOCUMENTS_FAMILY,
  sourceTypes: [{ type: 'docs', description: 'documents: a folder or file, a URL (crawled with --follow-links), s3://, ftp://, sftp://, or --content' }],
  options: documentsOptions,
  objectKinds: OBJECT_KINDS,
  chunkParts: (object, _around, context) => documentChunkFields(object, context),
};
