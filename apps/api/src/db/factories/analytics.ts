import { pageViews } from '../schema/analytics';
import { type DbOrTx, firstRow } from './common';

export type PageView = typeof pageViews.$inferSelect;

export async function createPageView(
  db: DbOrTx,
  values: Partial<typeof pageViews.$inferInsert> & { label: string },
): Promise<PageView> {
  return firstRow(await db.insert(pageViews).values(values).returning(), 'page view');
}
