import type { TPageViewLabel } from '@app/contracts/analytics.contract';

export type PageView = {
  label: TPageViewLabel;
  path: string | null;
  requestId: number | null;
  userId: number;
  companyId: number;
  companyType: 'dealer' | 'installer';
  at: Date;
};

/**
 * Where page views go (002 §8 names "an analytics service"). The local adapter stores them in the
 * page_views table; a hosted provider would get its own adapter behind the same port.
 */
export type AnalyticsPort = {
  readonly name: string;
  recordPageView(view: PageView): Promise<void>;
};
