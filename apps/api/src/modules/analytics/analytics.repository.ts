import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema/analytics';
import type { PageView } from './analytics.port';

/** The only file of the module that uses Drizzle. */
export function createAnalyticsRepository(db: Db) {
  return {
    async insertPageView(view: PageView): Promise<void> {
      await db.insert(pageViews).values({
        label: view.label,
        userId: view.userId,
        companyId: view.companyId,
        companyType: view.companyType,
        path: storedPath(view),
        createdAt: view.at,
      });
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/**
 * page_views has no request column yet: the request shown is kept in the stored path as a query
 * parameter ('/jobs?requestId=42'), so the figure is not lost until the column exists.
 */
function storedPath(view: PageView): string | null {
  if (view.requestId == null) return view.path;
  const base = view.path ?? '';
  return `${base}${base.includes('?') ? '&' : '?'}requestId=${view.requestId}`;
}
