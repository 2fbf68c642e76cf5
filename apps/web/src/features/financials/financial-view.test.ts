import { describe, expect, it } from 'vitest';
import {
  buildCsvFileName,
  describeSearchAlert,
  describeViewTitle,
  readView,
  toExportQuery,
  toPageQuery,
  toRevenueQuery,
  writeView,
} from './financial-view';

const today = '2026-11-25';
const viewOf = (search: string) => readView(new URLSearchParams(search), today);

describe('readView / writeView', () => {
  it('opens on this month, every state and type, newest first (002 §9)', () => {
    const view = viewOf('');
    expect(view).toMatchObject({ mode: 'month', anchor: today, state: 'all', type: 'all', page: 1 });
    expect(view.sort).toBe('invoice_date');
    expect(view.dir).toBe('desc');
    expect(writeView(view, today).toString()).toBe('');
  });

  it('keeps a view through its address', () => {
    const search = 'range=week&date=2026-10-02&state=paid&type=retail&sort=amount&dir=asc&page=3';
    expect(writeView(viewOf(search), today).toString()).toBe(search);
    const custom = 'range=custom&from=2025-01-01&to=2025-03-31&name=Smith';
    expect(writeView(viewOf(custom), today).toString()).toBe(custom);
  });

  it('falls back to the defaults for a malformed or impossible address', () => {
    const view = viewOf('range=year&date=2026-02-30&state=void&sort=secret&page=-2');
    expect(view).toMatchObject({ mode: 'month', anchor: today, state: 'all', sort: 'invoice_date', page: 1 });
    // Custom without a valid From–To (or reversed) keeps the month on screen until Apply.
    const pending = viewOf('range=custom&from=2026-03-01&to=2026-02-01');
    expect(pending).toMatchObject({ mode: 'custom', custom: null });
    expect(toPageQuery(pending, 'dealer')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });
});

describe('the queries sent to the server', () => {
  it('sends the range, the filters and the page; the type only for installers', () => {
    const view = viewOf('range=week&date=2026-11-25&type=retail&state=invoiced&page=2');
    expect(toPageQuery(view, 'installer')).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
      state: 'invoiced',
      type: 'retail',
      sort: 'invoice_date',
      dir: 'desc',
      page: 2,
      pageSize: 50,
    });
    expect(toPageQuery(view, 'dealer').type).toBe('all');
  });

  it('searches every date: no range is sent with an invoice number or a name', () => {
    const query = toPageQuery(viewOf('invoice=INV-7&date=2026-01-05'), 'installer');
    expect(query).not.toHaveProperty('from');
    expect(query).not.toHaveProperty('to');
    expect(query.invoice).toBe('INV-7');
  });

  it('exports every page of the view in its order', () => {
    const query = toExportQuery(viewOf('sort=name&dir=asc'), 'installer');
    expect(query).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      state: 'all',
      type: 'all',
      sort: 'name',
      dir: 'asc',
    });
  });

  it('buckets the chart by day up to a month, by week to half a year, by month beyond', () => {
    expect(toRevenueQuery(viewOf('')).bucket).toBe('day');
    expect(toRevenueQuery(viewOf('range=custom&from=2026-01-01&to=2026-05-31')).bucket).toBe('week');
    expect(toRevenueQuery(viewOf('range=custom&from=2025-01-01&to=2026-05-31')).bucket).toBe('month');
  });
});

describe('labels and alerts (R15, M156–M159)', () => {
  it('titles the range, a search or a name filter', () => {
    expect(describeViewTitle(viewOf(''))).toBe('November 2026');
    expect(describeViewTitle(viewOf('invoice=12'))).toBe('Search Results');
    expect(describeViewTitle(viewOf('name=Smith'))).toBe('Name Filter Results');
  });

  it('says what a search or a name filter found', () => {
    expect(describeSearchAlert(viewOf('name=Smith'), 0)).toEqual({
      message: 'No invoices found for name "Smith"',
      isEmpty: true,
    });
    expect(describeSearchAlert(viewOf('name=Smith'), 3)?.message).toBe('Found 3 invoice(s) for name "Smith"');
    expect(describeSearchAlert(viewOf('invoice=INV'), 0)?.message).toBe('No invoices found matching "INV"');
    expect(describeSearchAlert(viewOf('invoice=INV'), 2)?.message).toBe('Found 2 invoice(s) matching "INV"');
    expect(describeSearchAlert(viewOf(''), 2)).toBeNull();
  });

  it('names the CSV with the range and the day', () => {
    expect(buildCsvFileName(viewOf(''), today)).toBe('financials-2026-11-downloaded-2026-11-25.csv');
    expect(buildCsvFileName(viewOf('range=day&date=2026-11-20'), today)).toBe(
      'financials-2026-11-20-downloaded-2026-11-25.csv',
    );
    expect(buildCsvFileName(viewOf('name=Smith'), today)).toBe('financials-search-downloaded-2026-11-25.csv');
  });
});
