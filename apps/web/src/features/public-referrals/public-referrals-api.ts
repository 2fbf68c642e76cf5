import type { CallInput } from '@app/contracts/call.contract';
import { referralCalls, referralMessages } from '@app/contracts/referrals.contract';
import { ApiHttpError, NetworkError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** The link of an e-mail (`?referral=…&token=…`); null when either part is missing or the id is not a number. */
export type ReferralLink = { referral: number; token: string };

export function readReferralLink(search: URLSearchParams): ReferralLink | null {
  const referral = Number(search.get('referral'));
  const token = search.get('token')?.trim() ?? '';
  if (!Number.isInteger(referral) || referral <= 0 || token === '') return null;
  return { referral, token };
}

// Every call is quiet: these pages say themselves what went wrong (001 §8), never the M1 toast.
export function fetchReferralPreview(link: ReferralLink) {
  return callApi(referralCalls.preview, { query: link }, { isQuiet: true });
}

export function claimReferral(body: CallInput<typeof referralCalls.claim>['body']) {
  return callApi(referralCalls.claim, { body }, { isQuiet: true });
}

export function submitPublicReferral(body: CallInput<typeof referralCalls.publicReferral>['body']) {
  return callApi(referralCalls.publicReferral, { body }, { isQuiet: true });
}

export function fetchBenefits(link: ReferralLink) {
  return callApi(referralCalls.benefits, { query: link }, { isQuiet: true });
}

export function registerInterest(body: CallInput<typeof referralCalls.benefitsInterest>['body']) {
  return callApi(referralCalls.benefitsInterest, { body }, { isQuiet: true });
}

/**
 * What a public page says when a call fails (001 §8): the network message when no answer came, the server's
 * own message for a 4xx (invalid, expired, claimed, unknown dealer, too many attempts), `fallback` otherwise.
 */
export function messageForPublicError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return referralMessages.network;
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return fallback;
}

/** A link the server refused (unknown, expired or already claimed), as opposed to a failure to ask it. */
export function isRefusedLink(error: unknown): boolean {
  return error instanceof ApiHttpError && [400, 404, 409, 410].includes(error.status);
}

/**
 * The body fields a 400 VALIDATION_FAILED names (`details: [{ field: 'body.vin', message }]`), so the form
 * shows the server's field messages under its own fields.
 */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  if (!(error instanceof ApiHttpError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details))
    return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof detail.field !== 'string' || typeof detail.message !== 'string') continue;
    const [part, name] = detail.field.split('.');
    if (part === 'body' && name && !(name in errors)) errors[name] = detail.message;
  }
  return errors;
}
