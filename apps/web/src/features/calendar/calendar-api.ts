import { calendarCalls } from '@app/contracts/calendar.contract';
import { serviceRequestCalls } from '@app/contracts/service-requests.contract';
import { callApi } from '../../lib/call-api';

/** The calendar screen's one read (row 65): the period's entries, capacity, blocked days and figures. */
export function fetchCalendarPeriod(installerId: number, from: string, to: string, signal?: AbortSignal) {
  return callApi(
    calendarCalls.period,
    { params: { installerId }, query: { from, to } },
    { isQuiet: true, signal },
  );
}

/** The job detail modal (P21, 002 §7): GET /requestimates/fullrequest/?Id, /requestservice/{id}, /requestnotes/{id}. */
export function fetchFullRequest(requestId: number, signal?: AbortSignal) {
  return callApi(serviceRequestCalls.fullRequest, { query: { Id: requestId } }, { isQuiet: true, signal });
}

export function fetchRequestServices(requestId: number, signal?: AbortSignal) {
  return callApi(serviceRequestCalls.services, { params: { requestId } }, { isQuiet: true, signal });
}

export function fetchRequestNotes(requestId: number, signal?: AbortSignal) {
  return callApi(serviceRequestCalls.notes, { params: { requestId } }, { isQuiet: true, signal });
}
