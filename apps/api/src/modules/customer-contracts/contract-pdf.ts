import { createHash } from 'node:crypto';
import { createPdf } from '../../platform/pdf/pdf-document';

/** 10 mm in PDF points (K84). */
const MARGIN = (10 / 25.4) * 72;

export type ContractDocument = {
  requestId: number;
  dealer: { name: string; email: string | null; phone: string | null; address: string | null };
  specialist: { name: string; email: string | null; phone: string | null };
  customer: { name: string; email: string | null; phone: string | null; address: string | null };
  vehicle: {
    year: number | null;
    make: string | null;
    model: string | null;
    trim: string | null;
    vin: string | null;
  };
  services: {
    category: string;
    description: string;
    amountCents: number;
    discountCents: number;
    durationDays: number;
  }[];
  totals: {
    subtotalCents: number;
    discountCents: number;
    taxesCents: number;
    totalCents: number;
    depositCents: number;
    balanceDueCents: number;
  };
  availableDate: string;
  dueDate: string | null;
  terms: string[];
};

export type ContractSignature =
  /** `image` null: a document re-issued without the image (the demo data's seeded contracts). */
  { method: 'electronic'; image: Buffer | null } | { method: 'manual'; signedDate: string | null };

export type ContractAudit = {
  signerName: string;
  signerEmail: string;
  /** When the signature (or its manual confirmation) was recorded. */
  at: Date;
  timeZone: string;
  ip: string;
  userAgent: string;
  event: string;
};

export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function formatInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'long',
  }).format(date);
}

async function render(build: (doc: PDFKit.PDFDocument) => void, createdAt: Date): Promise<Buffer> {
  const { doc, finish } = createPdf({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: 'Customer contract',
      Creator: 'Installer Marketplace',
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });
  doc.font('body').fontSize(10);
  build(doc);
  return finish((page, pageCount) => {
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#555555')
      .text(`Page ${page} of ${pageCount}`, MARGIN, doc.page.height - MARGIN + 2, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
  });
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc
    .moveDown(0.6)
    .font('bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(text)
    .font('body')
    .fontSize(10)
    .moveDown(0.2);
}

function line(doc: PDFKit.PDFDocument, label: string, value: string | null | undefined) {
  doc
    .font('bold')
    .text(`${label}: `, { continued: true })
    .font('body')
    .text(value?.trim() ? value : '—');
}

function body(doc: PDFKit.PDFDocument, c: ContractDocument, signature: ContractSignature) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(18).text('Customer Contract', { align: 'center' });
  doc.font('body').fontSize(10).text(`Request #${c.requestId}`, { align: 'center' });

  heading(doc, 'Parties');
  line(doc, 'Dealer', c.dealer.name);
  line(doc, 'Dealer contact', [c.dealer.email, c.dealer.phone].filter(Boolean).join(' · '));
  line(doc, 'Dealer address', c.dealer.address);
  line(doc, 'Customer', c.customer.name);
  line(doc, 'Customer contact', [c.customer.email, c.customer.phone].filter(Boolean).join(' · '));
  line(doc, 'Customer address', c.customer.address);
  line(doc, 'Specialist', c.specialist.name);
  line(doc, 'Specialist contact', [c.specialist.email, c.specialist.phone].filter(Boolean).join(' · '));

  heading(doc, 'Vehicle');
  line(
    doc,
    'Vehicle',
    [c.vehicle.year, c.vehicle.make, c.vehicle.model, c.vehicle.trim].filter(Boolean).join(' '),
  );
  line(doc, 'VIN', c.vehicle.vin);

  heading(doc, 'Services');
  const cols = [0.22, 0.46, 0.16, 0.16].map((f) => f * width);
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    if (y > doc.page.height - MARGIN - 40) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    doc.font(bold ? 'bold' : 'body');
    cells.forEach((cell, i) => {
      const w = cols[i] ?? 0;
      doc.text(cell, x, top, { width: w - 4, align: i >= 2 ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = MARGIN;
    doc.y = bottom + 2;
  };
  row(['Category', 'Service', 'Duration', 'Amount'], true);
  for (const s of c.services) {
    row([
      s.category,
      s.discountCents > 0 ? `${s.description} (discount ${money(s.discountCents)})` : s.description,
      `${s.durationDays} day${s.durationDays === 1 ? '' : 's'}`,
      money(s.amountCents),
    ]);
  }

  heading(doc, 'Price');
  line(doc, 'Services', money(c.totals.subtotalCents));
  line(doc, 'Discount', money(c.totals.discountCents));
  line(doc, 'Taxes', money(c.totals.taxesCents));
  line(doc, 'Total', money(c.totals.totalCents));
  line(doc, 'Deposit', money(c.totals.depositCents));
  line(doc, 'Balance due on delivery', money(c.totals.balanceDueCents));

  heading(doc, 'Dates');
  line(doc, 'Vehicle available', c.availableDate);
  line(doc, 'Work due', c.dueDate);

  heading(doc, 'Terms');
  c.terms.forEach((term, i) => {
    doc.text(`${i + 1}. ${term}`, { width, align: 'justify' }).moveDown(0.2);
  });

  heading(doc, 'Signature');
  if (doc.y > doc.page.height - MARGIN - 110) doc.addPage();
  if (signature.method === 'electronic') {
    doc.text('Signed electronically by the customer:');
    if (signature.image) doc.image(signature.image, { fit: [250, 100] });
    else doc.font('bold').text('[signature on file]').font('body');
    doc.moveDown(0.3);
  } else {
    doc.moveDown(2.5);
    doc.text('______________________________________    Date: ____________________');
    doc.text('Customer signature');
    if (signature.signedDate)
      doc.moveDown(0.3).text(`Signed by hand on ${signature.signedDate} (confirmed by the dealer).`);
  }
  doc.text(`Customer: ${c.customer.name}`);
}

function auditPage(doc: PDFKit.PDFDocument, audit: ContractAudit, contentSha256: string) {
  doc.addPage();
  doc.font('bold').fontSize(16).text('Audit trail');
  doc.font('body').fontSize(10).moveDown(0.5);
  line(doc, 'Event', audit.event);
  line(doc, 'Recorded by', `${audit.signerName} <${audit.signerEmail}>`);
  line(
    doc,
    'When (UTC)',
    audit.at
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
  );
  line(doc, `When (${audit.timeZone})`, formatInZone(audit.at, audit.timeZone));
  line(doc, 'IP address', audit.ip);
  line(doc, 'User agent', audit.userAgent);
  line(doc, 'SHA-256 of the contract pages', contentSha256);
  doc
    .moveDown(0.5)
    .fillColor('#555555')
    .text(
      'The SHA-256 above is the digest of the contract document (every page before this one) as the server built it at the recorded time.',
    );
}

/**
 * The contract PDF (A4, 10 mm margins, text flowing across pages, page numbers) and, with an audit, the
 * audit page: first the contract pages are built and hashed, then built again followed by the audit page.
 */
export async function buildContractPdf(
  contract: ContractDocument,
  signature: ContractSignature,
  audit: ContractAudit | null,
): Promise<{ pdf: Buffer; contentSha256: string; sha256: string }> {
  const createdAt = audit?.at ?? new Date();
  const content = await render((doc) => body(doc, contract, signature), createdAt);
  const contentSha256 = createHash('sha256').update(content).digest('hex');
  const pdf = audit
    ? await render((doc) => {
        body(doc, contract, signature);
        auditPage(doc, audit, contentSha256);
      }, createdAt)
    : content;
  return { pdf, contentSha256, sha256: createHash('sha256').update(pdf).digest('hex') };
}
