import { z } from 'zod';

export const analyticsPaths = { pageViews: '/page-views' } as const;

/** Page-view labels of 000 §2. */
export const pageViewLabels = [
  'dealerRequests',
  'dealerJobs',
  'dealerPickups',
  'installerRequests',
  'installerJobs',
  'installerPickups',
  'dealerReferralDetail',
] as const;
export const ZPageViewLabel = z.enum(pageViewLabels);
export type TPageViewLabel = z.infer<typeof ZPageViewLabel>;

/** POST /page-views: allowed for ASSIST users (recording a view changes no business data). */
export const ZPageViewBody = z.object({
  label: ZPageViewLabel,
  /** The client route, e.g. '/jobs'. */
  path: z.string().trim().min(1).max(500).startsWith('/').optional(),
  /** The request shown, if any. */
  requestId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type TPageViewBody = z.infer<typeof ZPageViewBody>;

export const ZPageViewRecorded = z.object({ success: z.literal(true) });
