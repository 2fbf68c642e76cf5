/**
 * One-page W-9 PDFs written here (no PDF library needed for text): the platform's own, for dealerships that pay
 * the platform (decision 012), and the demo data's specialist W-9 (decision 023). The TIN is never in the
 * repository: the caller may pass it; without it the form reads "on request".
 */
export type W9Fields = {
  name: string;
  businessName: string;
  classification: string;
  address: string;
  cityStateZip: string;
  tin?: string | null;
  date: Date;
  /** A line under the title, e.g. that this is demo data. */
  note?: string;
};

const PLATFORM: Omit<W9Fields, 'date' | 'tin'> = {
  name: 'Installer Marketplace, Inc.',
  businessName: 'Installer Marketplace',
  classification: 'C corporation',
  address: '100 Market Street, Suite 400',
  cityStateZip: 'Tampa, FL 33602',
};

function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
}

export function platformW9Pdf(options: { tin?: string | null; date: Date }): Buffer {
  return w9Pdf({ ...PLATFORM, ...options });
}

/** A W-9 of the given payee: name, business name, tax classification, address, TIN (or "on request"). */
export function w9Pdf(fields: W9Fields): Buffer {
  const tin = fields.tin?.trim() || 'on request';
  const text = [
    'Form W-9 (Rev. March 2024) - Request for Taxpayer Identification Number and Certification',
    fields.note ?? '',
    `1  Name: ${fields.name}`,
    `2  Business name: ${fields.businessName}`,
    `3a Federal tax classification: ${fields.classification}`,
    `5  Address: ${fields.address}`,
    `6  City, state, ZIP: ${fields.cityStateZip}`,
    `Part I  Taxpayer Identification Number (EIN): ${tin}`,
    '',
    'Part II Certification: Under penalties of perjury, I certify that the number shown on this form is',
    'our correct taxpayer identification number, that we are not subject to backup withholding, and that',
    'we are a U.S. person.',
    '',
    `Signature of U.S. person: on file    Date: ${fields.date.toISOString().slice(0, 10)}`,
  ];
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '56 740 Td',
    ...text.map((l, i) => (i === 0 ? `(${pdfText(l)}) Tj` : `T* (${pdfText(l)}) Tj`)),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
