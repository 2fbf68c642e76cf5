import type { TFullRequest, TRequestimate } from '@app/contracts/service-requests.contract';
import { sql } from 'drizzle-orm';
import {
  type CalendarJson,
  calendarJsonSql,
  type NoteJson,
  notesJsonSql,
  type OfferJson,
  offersJsonSql,
  type PaymentJson,
  paymentsJsonSql,
  type ServiceJson,
  servicesJsonSql,
  toCalendarDay,
  toNote,
  toOffer,
  toPaymentsSummary,
  toService,
} from './service-requests.parts.repository';
import type { Viewer } from './service-requests.scopes';
import {
  ENTRY_BYTES,
  P,
  PART_BYTES,
  ROW_BYTES,
  type Statements,
  versionSql,
  visibleToSql,
} from './service-requests.statements.repository';
import {
  type RequestRow,
  requestColumns,
  requestJoins,
  toRequestimate,
} from './service-requests.wire.repository';

/** One request: its row, or the row with all its parts in one statement (cached). */
export function createFullReads({ run, cachedRead }: Statements) {
  return {
    async findRequest(viewer: Viewer, requestId: number): Promise<TRequestimate | null> {
      const found = await run<RequestRow>(
        `request_${viewer.role}`,
        () => sql`
          select ${requestColumns}
          from service_requests sr
          ${requestJoins(viewer.role)}
          where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
        { requestId, companyId: viewer.companyId },
      );
      const row = found[0];
      return row ? toRequestimate(row, viewer) : null;
    },

    /** The request with all its parts in one statement; null when the viewer may not see it. */
    async findFullRequest(viewer: Viewer, requestId: number): Promise<TFullRequest | null> {
      return cachedRead(`full_${viewer.role}|${viewer.companyId}|${requestId}`, 'r', requestId, async () => {
        const found = await run<
          RequestRow & {
            services: ServiceJson[];
            notes: NoteJson[];
            offers: OfferJson[];
            calendar_days: CalendarJson[];
            payments: PaymentJson[];
            cache_version: string;
          }
        >(
          `full_${viewer.role}`,
          () => sql`
            select ${requestColumns},
              ${servicesJsonSql()} as services,
              ${notesJsonSql()} as notes,
              ${offersJsonSql(viewer.role)} as offers,
              ${calendarJsonSql(viewer.role)} as calendar_days,
              ${paymentsJsonSql(viewer.role)} as payments,
              ${versionSql('r', P.requestId)} as cache_version
            from service_requests sr
            ${requestJoins(viewer.role)}
            where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
          { requestId, companyId: viewer.companyId },
        );
        const row = found[0];
        if (!row) return null;
        const request = toRequestimate(row, viewer);
        const parts =
          row.services.length +
          row.notes.length +
          row.offers.length +
          row.calendar_days.length +
          row.payments.length;
        return {
          value: {
            ...request,
            services: row.services.map(toService),
            notes: row.notes.map(toNote),
            offers: row.offers.map(toOffer),
            calendarDays: row.calendar_days.map(toCalendarDay),
            payments: toPaymentsSummary(row.deposit_amount_cents, row.payments),
          },
          version: row.cache_version,
          bytes: ENTRY_BYTES + ROW_BYTES + parts * PART_BYTES,
        };
      });
    },
  };
}
