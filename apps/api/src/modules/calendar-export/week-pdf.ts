import { createPdf } from '../../platform/pdf/pdf-document';

/** One job's work on one day, as a row of the week's PDF. */
export type WeekPdfJob = {
  requestId: number;
  customer: string;
  vehicle: string;
  services: string;
  status: string;
  dueDate: string | null;
};

export type WeekPdfDay = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Set when the installer closed the day (row 66): '' without a reason. */
  closedReason: string | null;
  jobs: WeekPdfJob[];
};

export type WeekPdfDocument = {
  installerName: string;
  start: string;
  end: string;
  generatedAt: Date;
  days: WeekPdfDay[];
};

/** 12 mm in PDF points: room for a printer's unprintable edge. */
const MARGIN = (12 / 25.4) * 72;
const FOOTER = 18;
const HEADERS = ['Date', 'Job', 'Customer', 'Vehicle', 'Services', 'Status', 'Due date'];
/** Column widths as parts of the printable width (A4 landscape). */
const WIDTHS = [0.12, 0.06, 0.17, 0.18, 0.29, 0.07, 0.11];
const PAD = 4;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dueFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);
export const formatWeekDay = (day: string) => dayFormat.format(atNoon(day));
export const formatLongDay = (day: string) => longDayFormat.format(atNoon(day));
export const formatDueDate = (day: string) => dueFormat.format(atNoon(day));

type Cell = { text: string; bold?: boolean; muted?: boolean };

/**
 * The week's calendar as an A4 landscape PDF (002 §2.5): a title, then one row per job and day under a
 * header row that is repeated on every page; a day without work or closed says so; every page carries the
 * week and "Page n of m".
 */
export function renderWeekPdf(week: WeekPdfDocument): Promise<Buffer> {
  const { doc, finish } = createPdf({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `Calendar week ${week.start} to ${week.end}`,
      Author: week.installerName,
      Creator: 'Installer Marketplace',
      CreationDate: week.generatedAt,
      ModDate: week.generatedAt,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  const columns = WIDTHS.map((part) => part * width);
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  const cellHeight = (cells: Cell[], size: number) =>
    Math.max(
      ...cells.map((cell, i) =>
        doc
          .font(cell.bold ? 'bold' : 'body')
          .fontSize(size)
          .heightOfString(cell.text || ' ', { width: (columns[i] ?? 0) - 2 * PAD }),
      ),
    ) +
    2 * PAD;

  function drawRow(cells: Cell[], options: { header?: boolean; shade?: boolean } = {}) {
    const size = options.header ? 9 : 9.5;
    const height = cellHeight(cells, size);
    if (!options.header && doc.y + height > bottom()) {
      doc.addPage();
      drawRow(
        HEADERS.map((text) => ({ text, bold: true })),
        { header: true },
      );
    }
    const top = doc.y;
    if (options.header) doc.rect(MARGIN, top, width, height).fill('#1f3a5f');
    else if (options.shade) doc.rect(MARGIN, top, width, height).fill('#f2f5f9');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = columns[i] ?? 0;
      doc
        .font(cell.bold ? 'bold' : 'body')
        .fontSize(size)
        .fillColor(options.header ? '#ffffff' : cell.muted ? '#555555' : '#000000')
        .text(cell.text, x + PAD, top + PAD, { width: w - 2 * PAD });
      x += w;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor('#b8c2cc')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  }

  // Title
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(`Calendar: week of ${formatLongDay(week.start)} to ${formatLongDay(week.end)}`, MARGIN, MARGIN);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#333333')
    .text(
      `${week.installerName} · ${week.days.reduce((n, d) => n + d.jobs.length, 0)} job-day(s) · generated ${week.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    )
    .moveDown(0.6);

  drawRow(
    HEADERS.map((text) => ({ text, bold: true })),
    { header: true },
  );
  week.days.forEach((day, dayIndex) => {
    const shade = dayIndex % 2 === 1;
    const date: Cell = { text: formatWeekDay(day.date), bold: true };
    if (day.closedReason !== null) {
      const note = `Closed${day.closedReason ? `: ${day.closedReason}` : ''}`;
      drawRow(
        [
          date,
          { text: '' },
          { text: note, bold: true },
          { text: '' },
          { text: '' },
          { text: '' },
          { text: '' },
        ],
        {
          shade,
        },
      );
    }
    if (day.jobs.length === 0 && day.closedReason === null) {
      drawRow(
        [
          date,
          { text: '' },
          { text: 'No scheduled services', muted: true },
          { text: '' },
          { text: '' },
          { text: '' },
          { text: '' },
        ],
        { shade },
      );
    }
    for (const job of day.jobs) {
      drawRow(
        [
          date,
          { text: `#${job.requestId}` },
          { text: job.customer },
          { text: job.vehicle },
          { text: job.services },
          { text: job.status },
          { text: job.dueDate ? formatDueDate(job.dueDate) : '—' },
        ],
        { shade },
      );
    }
  });

  return finish((page, pageCount) => {
    const y = doc.page.height - MARGIN - FOOTER + 6;
    doc.font('body').fontSize(8).fillColor('#555555');
    doc.text(`${week.installerName} · week ${week.start} to ${week.end}`, MARGIN, y, {
      width: width / 2,
      lineBreak: false,
    });
    doc.text(`Page ${page} of ${pageCount}`, MARGIN + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  });
}
