import PDFDocument from 'pdfkit';
import { PDF_FONT_BOLD, PDF_FONT_REGULAR } from './pdf-fonts';

/**
 * A server-built PDF: the document, with the embedded fonts registered as 'body' and 'bold' and its pages
 * buffered, and `finish`, which writes each page's footer (`footer(page, pageCount)`, with the bottom margin
 * lifted so the footer cannot start a new page), ends the document and resolves with its bytes.
 */
export function createPdf(options: Omit<PDFKit.PDFDocumentOptions, 'bufferPages'>) {
  const doc = new PDFDocument({ ...options, bufferPages: true });
  doc.registerFont('body', PDF_FONT_REGULAR);
  doc.registerFont('bold', PDF_FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  function finish(footer: (page: number, pageCount: number) => void): Promise<Buffer> {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      footer(i + 1, range.count);
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return done;
  }

  return { doc, finish };
}
