/**
 * What an uploaded file is, read from its first bytes (its name and declared type are the sender's word only).
 * PDF: '%PDF-'; PNG: its 8-byte signature; JPEG: FF D8 FF.
 */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg';

export const isPng = (b: Buffer) => b.subarray(0, 8).equals(PNG);
export const isJpeg = (b: Buffer) => b.subarray(0, 3).equals(JPEG);
export const isImage = (b: Buffer) => isPng(b) || isJpeg(b);
export const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

/** The file's type by content, or null when it is none of PDF, PNG, JPEG. */
export function sniffFileType(b: Buffer): SniffedType | null {
  if (isPdf(b)) return 'application/pdf';
  if (isPng(b)) return 'image/png';
  if (isJpeg(b)) return 'image/jpeg';
  return null;
}

/** The extension a stored file of this type gets. */
export const extensionOf = (type: SniffedType) =>
  ({ 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' })[type];

/** The type a download named `name` is served as (the local adapter's signed links; PDF unless an image). */
export function contentTypeOfName(name: string | undefined): SniffedType {
  const lower = (name ?? '').toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  return 'application/pdf';
}
