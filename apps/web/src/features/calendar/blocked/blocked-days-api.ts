import { blockedDaysCalls, type TBlockDayBody } from '@app/contracts/blocked-days.contract';
import { ApiHttpError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

/** The installer's blocked days from `from` on (row 66). */
export function fetchBlockedDays(installerId: number, from: string) {
  return callApi(blockedDaysCalls.list, { params: { id: installerId }, query: { from } }, { isQuiet: true });
}

export function blockDay(installerId: number, body: TBlockDayBody) {
  return callApi(blockedDaysCalls.block, { params: { id: installerId }, body }, { isQuiet: true });
}

export function unblockDay(installerId: number, workDate: string) {
  return callApi(blockedDaysCalls.unblock, { params: { id: installerId, workDate } }, { isQuiet: true });
}

/** The server's message for a refused change (409 naming the jobs, 400 for a past day), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiHttpError && error.isClientError
    ? (error.userMessage ?? error.message)
    : fallback;
}
