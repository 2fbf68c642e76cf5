/**
 * The platform's W-9 for dealerships that pay the platform (decision 012). A one-page PDF written here
 * (no PDF library needed for text): the platform's legal name, tax classification and address. The TIN is
 * not in the repository: the caller may pass it; without it the form reads "on request".
 */
const LINES = [
  'Form W-9 (Rev. March 2024) - Request for Taxpayer Identification Number and Certification',
  '',
  '1  Name: Installer Marketplace, Inc.',
  '2  Business name: Installer Marketplace',
  '3a Federal tax classification: C corporation',
  '5  Address: 100 Market Street, Suite 400',
  '6  City, state, ZIP: Tampa, FL 33602',
  'Part I  Taxpayer Identification Number (EIN): {TIN}',
  '',
  'Part II Certification: Under penalties of perjury, I certify that the number shown on this form is',
  'our correct taxpayer identification number, that we are not subject to backup withholding, and that',
  'we are a U.S. person.',
  '',
  'Signature of U.S. person: on file    Date: {DATE}',
];

function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
}

export function platformW9Pdf(options: { tin?: string | null; date: Date }): Buffer {
  const tin = options.tin?.trim() || 'on request';
  const date = options.date.toISOString().slice(0, 10);
  const text = LINES.map((l) => l.replace('{TIN}', tin).replace('{DATE}', date));
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
