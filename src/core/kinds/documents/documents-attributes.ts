/**
 * @module core/kinds/documents/documents-attributes
 * The attributes a document object carries (typed reading of `CatalogObject.attributes`).
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { DocumentType } from '../../../ports/documents.js';

export interface DocumentAttributes {
  title: string;
  /** Where it came from, credentials removed. */
  origin: string;
  type: DocumentType;
  /** Bytes read. */
  size: number;
  /** sha256 of the bytes: an unchanged document is not extracted again. */
  bytesHash: string;
  modifiedAt?: string;
  /** Pages, sheets or slides. */
  parts?: number;
  /** Headings in order, `#` depth first (`2 Client Connection Defaults`). */
  outline: string[];
  /** Inbound anchor text of a document of a crawl, folder or prefix: what the source's documents linking to it say of it (text and title of their links). */
  anchors?: string[];
  /** The documents of its source it links to, by name (the links between a search's candidate pages). */
  linksTo?: string[];
  chunkTokens?: number;
  chunkOverlap?: number;
}

export function documentAttributes(object: CatalogObject): Partial<DocumentAttributes> {
  return object.attributes as Partial<DocumentAttributes>;
}
