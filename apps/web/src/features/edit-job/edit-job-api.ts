import type { CallInput } from '@app/contracts/call.contract';
import { editJobCalls } from '@app/contracts/edit-job.contract';
import { callApi } from '../../lib/call-api';

/** The job as the caller may edit it: request, lines, version, pricing (GET /requestimates/{id}/edit). */
export function fetchEditContext(requestId: number) {
  return callApi(editJobCalls.editContext, { params: { requestId } }, { isQuiet: true });
}

export type UpdateTransactionBody = CallInput<typeof editJobCalls.updateTransaction>['body'];

/**
 * Saves the edit in one call (row 158): the server applies lines, totals, calendar days and the calendar
 * event in one transaction, or refuses with the reason (409 when the job changed since it was opened).
 */
export function updateJob(requestId: number, body: UpdateTransactionBody) {
  return callApi(editJobCalls.updateTransaction, { params: { requestId }, body }, { isQuiet: true });
}
