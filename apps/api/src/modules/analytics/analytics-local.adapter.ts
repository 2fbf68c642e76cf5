import type { AnalyticsPort } from './analytics.port';
import type { AnalyticsRepository } from './analytics.repository';

/** Local adapter: page views land in the product's own database (no outside service needed). */
export function createLocalAnalyticsAdapter(repository: AnalyticsRepository): AnalyticsPort {
  return {
    name: 'local',
    recordPageView: (view) => repository.insertPageView(view),
  };
}
