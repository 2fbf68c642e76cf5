import { BULK_SYNC, calendarLinkCalls } from '@app/contracts/calendar-link.contract';
import { callApi } from '../../../lib/call-api';

export function fetchConnection(installerId: number) {
  return callApi(calendarLinkCalls.connection, { params: { installerId } }, { isQuiet: true });
}

/** The consent URL (row 68); the browser goes there and comes back to /calendar. */
export function fetchAuthUrl(installerId: number) {
  return callApi(calendarLinkCalls.auth, { params: { installerId } }, { isQuiet: true });
}

export function selectCalendar(installerId: number, calendarId: string) {
  return callApi(calendarLinkCalls.select, { body: { installerId, calendarId } }, { isQuiet: true });
}

export function disconnectCalendar(installerId: number) {
  return callApi(calendarLinkCalls.disconnect, { params: { installerId } }, { isQuiet: true });
}

/** One job's appointment in Sync All (row 59, colorId 6). */
export function addAppointment(installerId: number, requestId: number) {
  return callApi(
    calendarLinkCalls.addAppt,
    { body: { request: requestId, installerId, colorId: BULK_SYNC.colorId } },
    { isQuiet: true },
  );
}

export function readAppointment(requestId: number) {
  return callApi(calendarLinkCalls.readAppt, { params: { requestId } }, { isQuiet: true });
}

/**
 * After the installer wizard books a job (001 §4, §7): GET /readAppt/{requestId}, then PUT /addAppt/ when the
 * calendar is linked and the job has no appointment yet. A failure never fails the booking (001 §8: calendar
 * failures are logged only); the job then shows as needing sync on the calendar screen.
 */
export async function addBookedAppointment(installerId: number, requestId: number): Promise<void> {
  try {
    const appointment = await readAppointment(requestId);
    if (!appointment.linked || appointment.synced) return;
    await callApi(
      calendarLinkCalls.addAppt,
      { body: { request: requestId, installerId } },
      { isQuiet: true },
    );
  } catch (error) {
    console.warn('The calendar appointment was not added', error);
  }
}
