/** TanStack Query keys of the development mailbox (the shape: `lib/query-keys.ts`). */
export const devMailboxKeys = {
  all: ['dev-mailbox'] as const,
  ofCompany: (companyId: number) => ['dev-mailbox', companyId] as const,
  outbox: (companyId: number, channel: string) => ['dev-mailbox', companyId, 'outbox', channel] as const,
};
