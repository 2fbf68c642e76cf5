import { z } from 'zod';
import { defineCall } from './call.contract';

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

/** The analytics calls (decision 008). */
export const analyticsCalls = {
  pageView: defineCall({
    operationId: 'recordPageView',
    method: 'POST',
    path: analyticsPaths.pageViews,
    body: ZPageViewBody,
    reply: ZPageViewRecorded,
    status: 201,
    errors: [],
    // Recording a view changes no business data, so read-only (ASSIST) users may send it.
    access: { effect: 'write', allowAssist: true },
    summary: 'Record a page view (labels of 000 §2)',
    tags: ['analytics'],
  }),
};
