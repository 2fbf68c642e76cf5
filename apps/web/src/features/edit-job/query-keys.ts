/** TanStack Query keys of the Edit job screen (the shape: `lib/query-keys.ts`). */
export const editJobKeys = {
  all: ['edit-job'] as const,
  ofCompany: (companyId: number) => ['edit-job', companyId] as const,
  /** The job as the caller may edit it (GET /requestimates/{id}/edit). */
  context: (companyId: number, requestId: number) => ['edit-job', companyId, 'context', requestId] as const,
};
