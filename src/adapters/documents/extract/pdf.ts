/**
 * @module adapters/documents/extract/pdf
 * PDF with `unpdf` (pdf.js): one `## Page N` section per page with text, the title from the
 * document information. Encrypted (a password is needed to open it), corrupt, and text-less
 * (scanned) PDFs are DOCUMENT_UNREADABLE, each with its reason.
 */
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { documentUnreadable, errorText } from '../errors.js';
import { defineExtractor, headingText, joinBlocks } from './common.js';

export const extractPdf = defineExtractor('pdf', async (bytes, options) => {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException') {
      throw documentUnreadable(options.name, 'an encrypted PDF (a password is needed to open it)', { hint: 'index an unprotected copy', cause: err });
    }
    if (name === 'InvalidPDFException') throw documentUnreadable(options.name, 'a corrupt PDF (invalid PDF structure)', { cause: err });
    throw documentUnreadable(options.name, `a corrupt PDF (${errorText(err)})`, { cause: err });
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const pages = text.map((page, i) => ({ n: i + 1, text: page.replace(/[ \t]+\n/g, '\n').trim() })).filter((p) => p.text.length > 0);
    if (pages.length === 0) {
      throw documentUnreadable(options.name, `a PDF with no text layer (${totalPages} pages of images?)`, { hint: 'run it through OCR first' });
    }
    const meta = await getMeta(pdf).catch(() => null);
    const info = (meta?.info ?? {}) as { Title?: unknown };
    const title = typeof info.Title === 'string' ? headingText(info.Title) || null : null;
    return { title, markdown: joinBlocks(pages.map((p) => `## Page ${p.n}\n\n${p.text}`)), parts: totalPages };
  } finally {
    await pdf.destroy();
  }
});
