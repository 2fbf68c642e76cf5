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
        path: view.path,
        requestId: view.requestId,
        createdAt: view.at,
      });
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
