import type { CallInput } from '@app/contracts/call.contract';
import { jobClaimCalls, jobClaimMessages as m } from '@app/contracts/job-claim.contract';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** The e-mailed link's query (`?request=…&token=…`); null when either part is missing (M91). */
export type ClaimLink = { request: number; token: string };

export function readClaimLink(search: URLSearchParams): ClaimLink | null {
  const request = Number(search.get('request'));
  const token = search.get('token')?.trim() ?? '';
  if (!Number.isInteger(request) || request <= 0 || token === '') return null;
  return { request, token };
}

/** GET /claim (row 104): quiet, the page says what went wrong itself. */
export function fetchClaimJob(link: ClaimLink) {
  return callApi(jobClaimCalls.validate, { query: link }, { isQuiet: true });
}

/** POST /claim/process (row 105): a non-4xx failure shows M1 ('An unexpected error occurred.'). */
export function submitClaim(body: CallInput<typeof jobClaimCalls.process>['body']) {
  return callApi(jobClaimCalls.process, { body });
}

/** POST /claim/invite: the dealer's invitation; the panel shows failures itself. */
export function inviteSpecialist(body: CallInput<typeof jobClaimCalls.invite>['body']) {
  return callApi(jobClaimCalls.invite, { body }, { isQuiet: true });
}

function isClaimedFlag(details: unknown): boolean {
  return (
    typeof details === 'object' && details !== null && (details as { claimed?: unknown }).claimed === true
  );
}

/** What 'Claim Unavailable' says for a failed link check (001 §8, catalogue §5.12). */
export function linkErrorMessage(error: unknown): string {
  if (!(error instanceof ApiHttpError)) return m.validateFailed;
  if (error.status === 404) return isClaimedFlag(error.details) ? m.claimed : m.invalidLink;
  if (error.isClientError) return error.message;
  return m.validateFailed;
}

/**
 * What the registration says when the claim fails: M32 for a 409 about the job, the server's message for an
 * e-mail that already has an account, M33 for any other 4xx; null for the rest (M1 was shown as a toast).
 */
export function submitErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiHttpError) || !error.isClientError) return null;
  if (error.status === 409) return error.message === m.emailTaken ? m.emailTaken : m.claimed;
  if (error.status === 429) return error.message;
  return m.claimFailed;
}

/** The prospect fields a 400 names (`details: [{ field: 'body.prospectData.email', message }]`). */
export function submitFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiHttpError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details))
    return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof detail.field !== 'string' || typeof detail.message !== 'string') continue;
    const name = detail.field.split('.').at(-1);
    if (detail.field.startsWith('body.prospectData.') && name && !(name in errors))
      errors[name] = detail.message;
  }
  return errors;
}
