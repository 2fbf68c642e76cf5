import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';
import { type Effect, transitionTable } from '@app/domain/service-requests/request-status';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { devMailboxKeys } from '../dev-mailbox/query-keys';
import { estimateWizardKeys } from '../estimate-wizard/query-keys';
import { navigationKeys } from '../navigation/query-keys';
import { paymentKeys } from '../payments/query-keys';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { lifecycleKeys } from './query-keys';

/**
 * What an action can leave stale on the screen: the request (its detail, parts and every list), the menu
 * counts, the money (payments, invoices, deposits), the calendar (availability and the installer's days)
 * and the development mailbox (the e-mails and texts the action sent).
 */
export type StaleArea = 'requests' | 'menuCounts' | 'payments' | 'calendar' | 'mailbox';

const areasOfEffect = (effect: Effect): readonly StaleArea[] => {
  if (effect.startsWith('writeHistory:') || effect.startsWith('writeServiceHistory:')) return ['requests'];
  if (effect.startsWith('referralStatus:')) return ['mailbox'];
  switch (effect) {
    // A new invoice is e-mailed to whoever pays it.
    case 'createDepositInvoice':
    case 'createFinalInvoice':
      return ['payments', 'mailbox'];
    case 'voidInvoices':
    case 'deletePayments':
      return ['payments'];
    case 'saveSchedule':
    case 'scheduleCalendarEntries':
    case 'removeOtherInstallersCalendarEntries':
    case 'removeCallerCalendarEntries':
    case 'removeCalendarEntries':
    case 'reassignCalendarEntries':
    case 'addCalendarAppointment':
    case 'removeCalendarAppointments':
      return ['calendar'];
    case 'sendBookingEmail':
    case 'notifyWorkStartedSms':
    case 'notifyJobFinishedSms':
      return ['mailbox'];
    default:
      return [];
  }
};

/** Areas an action touches besides what its transition rules say. */
const extraAreas: Partial<Record<TLifecycleAction, readonly StaleArea[]>> = {
  // The deposit amount is what the payment panel's deposit section shows and checks.
  setDeposit: ['payments'],
};

/**
 * The one invalidation map of the lifecycle actions (issue 17, defect 2), read from the domain's transition
 * table (every rule of the action, whichever applies): its effects, and the calendar when the rule sets the
 * calendar days' status or the schedule. Every action changes the request, so the lists and menu counts.
 */
export function staleAreasOf(action: TLifecycleAction): ReadonlySet<StaleArea> {
  const areas = new Set<StaleArea>(['requests', 'menuCounts', ...(extraAreas[action] ?? [])]);
  for (const rule of transitionTable) {
    if (rule.action !== action) continue;
    if (rule.to.workStatus || rule.to.schedule) areas.add('calendar');
    for (const effect of rule.effects) for (const area of areasOfEffect(effect)) areas.add(area);
  }
  return areas;
}

const calendarParts = new Set(['availability', 'installer-calendar']);

/** Which cached queries belong to an area (keys are `[feature, companyId, part, …]`, lib/query-keys.ts). */
const areaMatchers: Record<StaleArea, (key: QueryKey) => boolean> = {
  requests: (key) => key[0] === serviceRequestKeys.all[0],
  menuCounts: (key) => key[0] === navigationKeys.all[0],
  payments: (key) => key[0] === paymentKeys.all[0],
  calendar: (key) =>
    (key[0] === lifecycleKeys.all[0] || key[0] === estimateWizardKeys.all[0]) &&
    calendarParts.has(String(key[2])),
  mailbox: (key) => key[0] === devMailboxKeys.all[0],
};

/** Marks stale, and refetches what is on screen, everything the areas hold. */
export async function refreshAreas(queryClient: QueryClient, areas: Iterable<StaleArea>): Promise<void> {
  const matchers = [...areas].map((area) => areaMatchers[area]);
  await queryClient.invalidateQueries({
    predicate: (query) => matchers.some((matches) => matches(query.queryKey)),
  });
}

/** After an action (or its refusal: the server may know better than the screen). */
export function refreshAfterAction(queryClient: QueryClient, action: TLifecycleAction): Promise<void> {
  return refreshAreas(queryClient, staleAreasOf(action));
}

/** After a payment action (invoice, deposit, PO, check, card): the money and the request's state. */
export const paymentStaleAreas: readonly StaleArea[] = ['payments', 'requests', 'menuCounts', 'mailbox'];
