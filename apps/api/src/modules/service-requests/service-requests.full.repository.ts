import type { TFullRequest, TRequestimate } from '@app/contracts/service-requests.contract';
import { sql } from 'drizzle-orm';
import { asJsonText, type JsonText } from '../../platform/json-text';
import {
  calendarJsonSql,
  notesJsonSql,
  offersJsonSql,
  paymentsJsonSql,
  servicesJsonSql,
} from './service-requests.parts.repository';
import type { Viewer } from './service-requests.scopes';
import {
  P,
  type Statements,
  textEntryBytes,
  versionSql,
  visibleToSql,
} from './service-requests.statements.repository';
import { requestJoins, requestJsonSql } from './service-requests.wire.repository';

/** One request: its wire object, or the request with all its parts as the reply's JSON, in one statement (cached). */
export function createFullReads({ run, cachedRead }: Statements) {
  return {
    async findRequest(viewer: Viewer, requestId: number): Promise<TRequestimate | null> {
      const found = await run<{ item: TRequestimate }>(
        `request_${viewer.role}`,
        () => sql`
          select ${requestJsonSql(viewer.role)} as item
          from service_requests sr
          ${requestJoins(viewer.role)}
          where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
        { requestId, companyId: viewer.companyId },
      );
      return found[0]?.item ?? null;
    },

    /** The request with all its parts, as the reply's JSON; null when the viewer may not see it. */
    async findFullRequest(viewer: Viewer, requestId: number): Promise<JsonText<TFullRequest> | null> {
      return cachedRead(`full_${viewer.role}|${viewer.companyId}|${requestId}`, 'r', requestId, async () => {
        const found = await run<{ body: string; cache_version: string }>(
          `full_${viewer.role}`,
          () => sql`
            select ${requestJsonSql(
              viewer.role,
              sql`, ${servicesJsonSql()} as services,
                ${notesJsonSql()} as notes,
                ${offersJsonSql(viewer.role)} as offers,
                ${calendarJsonSql(viewer.role)} as "calendarDays",
                ${paymentsJsonSql(viewer.role)} as payments`,
            )}::text as body,
              ${versionSql('r', P.requestId)} as cache_version
            from service_requests sr
            ${requestJoins(viewer.role)}
            where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
          { requestId, companyId: viewer.companyId },
        );
        const row = found[0];
        if (!row) return null;
        return {
          value: asJsonText<TFullRequest>(row.body),
          version: row.cache_version,
          bytes: textEntryBytes(row.body),
        };
      });
    },
  };
}
