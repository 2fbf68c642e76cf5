import {
  FINANCIALS_PAGE_SIZE,
  financialsMessages,
  financialsSorts,
  type TExportQuery,
  type TRevenueQuery,
} from '@app/contracts/financials.contract';
import type { UserType } from '@app/domain/identity/access';
import { diffDays, type IsoDate, isIsoDate } from '@app/domain/scheduling/dates';
import {
  computeRange,
  type DateRange,
  describeRange,
  describeRangeForFileName,
  type RangeMode,
  rangeModes,
} from './financial-range';
import type { PageQuery } from './financials-api';

export type SortKey = (typeof financialsSorts)[number];
export type StateFilter = 'all' | 'invoiced' | 'paid';
export type TypeFilter = 'all' | 'dealer' | 'retail';

/**
 * Everything the Financials screen shows, kept in the address (`?range=week&date=2026-11-25&state=paid`), so a
 * reload, a shared link and Back show the same view. A search (invoice number) and a name filter each run over
 * every date (the range controls are then disabled, rule 95); one replaces the other.
 */
export type FinancialsView = {
  mode: RangeMode;
  anchor: IsoDate;
  custom: DateRange | null;
  state: StateFilter;
  type: TypeFilter;
  invoice: string;
  name: string;
  sort: SortKey;
  dir: 'asc' | 'desc';
  page: number;
};

export const stateFilters: readonly { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All States' },
  { value: 'invoiced', label: 'Invoiced' },
  { value: 'paid', label: 'Paid' },
];
export const typeFilters: readonly { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All Types' },
  { value: 'dealer', label: 'Dealer' },
  { value: 'retail', label: 'Retail' },
];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The view an address shows; anything missing or malformed falls back to this month, all rows, newest first. */
export function readView(params: URLSearchParams, today: IsoDate): FinancialsView {
  const from = params.get('from');
  const to = params.get('to');
  const custom = isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : null;
  const requestedMode = pick(
    params.get('range'),
    rangeModes.map((item) => item.value),
    'month',
  );
  const date = params.get('date');
  const page = Number(params.get('page'));
  return {
    // Custom before Apply: the pickers show, the month around the anchor stays on screen.
    mode: requestedMode,
    anchor: isIsoDate(date) ? date : today,
    custom: requestedMode === 'custom' ? custom : null,
    state: pick(params.get('state'), ['all', 'invoiced', 'paid'], 'all'),
    type: pick(params.get('type'), ['all', 'dealer', 'retail'], 'all'),
    invoice: (params.get('invoice') ?? '').trim().slice(0, 60),
    name: (params.get('name') ?? '').trim().slice(0, 120),
    sort: pick(params.get('sort'), financialsSorts, 'invoice_date'),
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a view: only what differs from the default, so the plain /financials is this month. */
export function writeView(view: FinancialsView, today: IsoDate): URLSearchParams {
  const params = new URLSearchParams();
  if (view.mode !== 'month') params.set('range', view.mode);
  if (view.mode === 'custom' && view.custom) {
    params.set('from', view.custom.from);
    params.set('to', view.custom.to);
  } else if (view.anchor !== today) params.set('date', view.anchor);
  if (view.state !== 'all') params.set('state', view.state);
  if (view.type !== 'all') params.set('type', view.type);
  if (view.invoice) params.set('invoice', view.invoice);
  if (view.name) params.set('name', view.name);
  if (view.sort !== 'invoice_date') params.set('sort', view.sort);
  if (view.dir !== 'desc') params.set('dir', view.dir);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function isSearching(view: FinancialsView): boolean {
  return view.invoice !== '' || view.name !== '';
}

/** The period on screen: the custom From–To, or the Day, Week or Month around the anchor. */
export function rangeOf(view: FinancialsView): DateRange {
  return view.mode === 'custom' && view.custom ? view.custom : computeRange(stepModeOf(view), view.anchor);
}

function stepModeOf(view: FinancialsView) {
  return view.mode === 'custom' ? 'month' : view.mode;
}

/** The filters the server applies: the range, or (searching) every date; the type for installers only. */
function filtersOf(view: FinancialsView, userType: UserType) {
  const range = rangeOf(view);
  return {
    ...(isSearching(view) ? {} : { from: range.from, to: range.to }),
    state: view.state,
    type: userType === 'installer' ? view.type : 'all',
    ...(view.invoice ? { invoice: view.invoice } : {}),
    ...(view.name ? { name: view.name } : {}),
  } as const;
}

/** GET /installerPayments/{id} or /dealerPayments/{id}: sorted and paged on the server. */
export function toPageQuery(view: FinancialsView, userType: UserType): PageQuery {
  return {
    ...filtersOf(view, userType),
    sort: view.sort,
    dir: view.dir,
    page: view.page,
    pageSize: FINANCIALS_PAGE_SIZE,
  };
}

/** The CSV of the current view: every page of it, in the table's order. */
export function toExportQuery(view: FinancialsView, userType: UserType): TExportQuery {
  return { ...filtersOf(view, userType), sort: view.sort, dir: view.dir };
}

/** The chart's buckets: days up to a month, weeks up to half a year, months beyond. */
export function toRevenueQuery(view: FinancialsView): TRevenueQuery {
  const range = rangeOf(view);
  const days = diffDays(range.from, range.to) + 1;
  return { from: range.from, to: range.to, bucket: days <= 31 ? 'day' : days <= 186 ? 'week' : 'month' };
}

/** The label of R15: the range, 'Name Filter Results' or 'Search Results'. */
export function describeViewTitle(view: FinancialsView): string {
  if (view.invoice) return 'Search Results';
  if (view.name) return 'Name Filter Results';
  return describeRange(view.mode, rangeOf(view));
}

export function describeInvoiceCount(count: number): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'}`;
}

/** M156–M159: what a search or name filter found, or null when none is active. */
export function describeSearchAlert(
  view: FinancialsView,
  count: number,
): { message: string; isEmpty: boolean } | null {
  if (view.invoice) {
    return count === 0
      ? { message: financialsMessages.noSearchResults(view.invoice), isEmpty: true }
      : { message: `${financialsMessages.searchResults(count)} "${view.invoice}"`, isEmpty: false };
  }
  if (view.name) {
    return count === 0
      ? { message: financialsMessages.noNameResults(view.name), isEmpty: true }
      : { message: `${financialsMessages.nameResults(count)} "${view.name}"`, isEmpty: false };
  }
  return null;
}

/** 'financials-2026-11-downloaded-2026-11-25.csv': the range (or 'search') and the day of the download. */
export function buildCsvFileName(view: FinancialsView, today: IsoDate): string {
  const part = isSearching(view) ? 'search' : describeRangeForFileName(view.mode, rangeOf(view));
  return `financials-${part}-downloaded-${today}.csv`;
}
