/**
 * Test helper: reads every document of a location on one walk (transport openDocuments) and
 * closes it, returning the entries and the texts read, in listing order.
 */
import { openDocuments, type DocumentLocation, type DocumentWalk, type TransportOptions } from '../../src/adapters/documents/transport/index.js';
import type { DocumentEntry } from '../../src/ports/documents.js';

export async function readOnOneWalk(
  location: DocumentLocation,
  options: TransportOptions,
  more: (walk: DocumentWalk, entries: DocumentEntry[]) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const walk = await openDocuments(location, options);
  try {
    const entries = await walk.list();
    const texts: string[] = [];
    for (const entry of entries) texts.push(Buffer.from((await walk.fetch(entry)).bytes).toString());
    await more(walk, entries);
    return texts;
  } finally {
    await walk.close();
  }
}
