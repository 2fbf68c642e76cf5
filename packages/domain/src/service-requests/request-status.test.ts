import { describe, expect, it } from 'vitest';
import {
  type Action,
  type ActionContext,
  type ActorContext,
  actions,
  applyServiceTransition,
  applyTransition,
  decideTransition,
  type Effect,
  findReferralStatusForState,
  listActionButtons,
  listAvailableActions,
  listEnabledActions,
  needsInvoiceWarningOnDelete,
  type RequestState,
  requestStates,
  type TransitionRule,
  type TransitionTarget,
  transitionTable,
} from './request-status';
import {
  A,
  asAssist,
  assignedDealerJob,
  B,
  DEALER,
  dealer,
  estimate,
  G,
  installerA,
  installerB,
  installerC,
  makeActor,
  openDealerRequest,
  otherDealer,
} from './request-status.test-fixtures';

const today = '2025-03-10';

type RowCase = {
  ctx: ActionContext;
  to: Partial<TransitionTarget>;
  effects: Effect[];
  /** An actor related to the request but in the wrong role or relationship. */
  wrongRole: ActorContext;
  /** The same kind of actor from a company with no part in the request. */
  otherCompany: ActorContext;
  /** A state this row (and its action's other rows) does not start from. */
  wrongState: RequestState;
};

/** One case per table row: the allowed actor, and the refused ones. */
const rowCases: Record<string, RowCase> = {
  T4: {
    ctx: { actor: installerA, request: openDealerRequest('new'), input: { startDate: '2025-03-12' }, today },
    to: {
      state: 'answered',
      offer: { installerId: A, status: 'accepted' },
      workStatus: 'pending',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-20' },
    },
    effects: ['scheduleCalendarEntries', 'writeHistory:answered'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  T5: {
    ctx: { actor: installerA, request: openDealerRequest('new'), input: { startDate: '2025-03-12' }, today },
    to: {
      state: 'scheduled',
      assignedInstallerId: A,
      offer: { installerId: A, status: 'scheduled' },
      workStatus: 'booked',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-20' },
    },
    effects: [
      'saveSchedule',
      'scheduleCalendarEntries',
      'addCalendarAppointment',
      'sendBookingEmail',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'answered',
  },
  T6: {
    ctx: {
      actor: dealer,
      request: openDealerRequest('answered', { a: 'accepted', b: 'accepted' }),
      input: { installerId: B },
    },
    to: {
      state: 'scheduled',
      assignedInstallerId: B,
      offer: { installerId: B, status: 'scheduled' },
      workStatus: 'booked',
      schedule: { startDate: '2025-03-14', endDate: '2025-03-15', dueDate: '2025-03-20' },
    },
    effects: [
      'saveSchedule',
      'removeOtherInstallersCalendarEntries',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    wrongRole: installerA,
    otherCompany: otherDealer,
    wrongState: 'new',
  },
  'T7-estimate': {
    ctx: {
      actor: installerA,
      request: estimate('new', { depositAmountCents: 10_000 }),
      input: { startDate: '2025-03-12' },
      today,
    },
    to: {
      state: 'scheduled',
      offer: { installerId: A, status: 'scheduled' },
      workStatus: 'booked',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-13' },
    },
    effects: [
      'saveSchedule',
      'scheduleCalendarEntries',
      'createDepositInvoice',
      'addCalendarAppointment',
      'sendBookingEmail',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  'T7-dealer': {
    ctx: {
      actor: installerA,
      request: assignedDealerJob('new', 'offered'),
      input: { startDate: '2025-03-12' },
      today,
    },
    to: {
      state: 'scheduled',
      offer: { installerId: A, status: 'scheduled' },
      workStatus: 'booked',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-20' },
    },
    effects: [
      'saveSchedule',
      'scheduleCalendarEntries',
      'addCalendarAppointment',
      'sendBookingEmail',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'answered',
  },
  T8: {
    ctx: { actor: installerA, request: estimate('new') },
    to: {
      state: 'finished',
      offer: { installerId: A, status: 'finished' },
      service: { scope: 'all', state: 'finished' },
      workStatus: 'finished',
      redirectTo: '/pickups',
    },
    effects: ['createFinalInvoice', 'referralStatus:FINISHED', 'writeHistory:finished'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'started',
  },
  T9: {
    ctx: {
      actor: installerA,
      request: assignedDealerJob('scheduled'),
      input: { isVinValid: true, vin: '1HGCM82633A004352' },
    },
    to: { state: 'received', offer: { installerId: A, status: 'received' }, vin: '1HGCM82633A004352' },
    effects: ['saveVin', 'referralStatus:RECEIVED', 'writeHistory:received'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'new',
  },
  T10: {
    ctx: { actor: installerA, request: assignedDealerJob('scheduled') },
    to: { state: 'new', offer: { installerId: A, status: 'offered' }, workStatus: 'draft' },
    effects: ['removeCalendarAppointments', 'writeHistory:rescheduled'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'received',
  },
  T11: {
    ctx: {
      actor: installerA,
      request: assignedDealerJob('received', 'received'),
      service: { serviceId: 7, serviceState: 'new' },
    },
    to: {
      state: 'started',
      offer: { installerId: A, status: 'started' },
      service: { scope: 'selected', serviceId: 7, state: 'started' },
      workStatus: 'started',
    },
    effects: [
      'writeServiceHistory:started',
      'notifyWorkStartedSms',
      'referralStatus:STARTED',
      'writeHistory:started',
    ],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  S1: {
    ctx: {
      actor: installerA,
      request: assignedDealerJob('started', 'started'),
      service: { serviceId: 8, serviceState: 'new' },
    },
    to: { state: 'started', service: { scope: 'selected', serviceId: 8, state: 'started' } },
    effects: ['writeServiceHistory:started'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'finished',
  },
  S2: {
    ctx: {
      actor: installerA,
      request: assignedDealerJob('started', 'started'),
      service: { serviceId: 8, serviceState: 'started' },
    },
    to: { state: 'started', service: { scope: 'selected', serviceId: 8, state: 'finished' } },
    effects: ['writeServiceHistory:finished'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'received',
  },
  T12: {
    ctx: { actor: installerA, request: assignedDealerJob('started', 'started') },
    to: {
      state: 'finished',
      offer: { installerId: A, status: 'finished' },
      service: { scope: 'all', state: 'finished' },
      workStatus: 'finished',
    },
    effects: [
      'createFinalInvoice',
      'notifyJobFinishedSms',
      'referralStatus:FINISHED',
      'writeHistory:finished',
    ],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'received',
  },
  T13: {
    ctx: { actor: dealer, request: assignedDealerJob('finished', 'finished', { hasFinalInvoice: true }) },
    to: { state: 'collected', offer: { installerId: A, status: 'collected' } },
    effects: ['referralStatus:COMPLETE', 'writeHistory:collected'],
    // B still holds an offer on the request, but only the dealer and the assigned installer deliver.
    wrongRole: installerB,
    otherCompany: otherDealer,
    wrongState: 'started',
  },
  T14: {
    ctx: { actor: dealer, request: assignedDealerJob('collected', 'collected'), input: { reviewScore: 4 } },
    to: { state: 'reviewed', offer: { installerId: A, status: 'reviewed' }, reviewScore: 4 },
    effects: ['writeHistory:reviewed'],
    wrongRole: installerA,
    otherCompany: otherDealer,
    wrongState: 'finished',
  },
  'T15-dealer': {
    ctx: { actor: dealer, request: openDealerRequest('answered', { a: 'accepted' }) },
    to: { state: 'deleted', offer: { installerId: 'all', status: 'deleted' } },
    effects: [
      'voidInvoices',
      'deletePayments',
      'removeCalendarEntries',
      'removeCalendarAppointments',
      'writeHistory:deleted',
    ],
    wrongRole: installerA,
    otherCompany: otherDealer,
    wrongState: 'started',
  },
  'T15-installer': {
    ctx: { actor: installerA, request: estimate('received') },
    to: { state: 'deleted', offer: { installerId: 'all', status: 'deleted' } },
    effects: [
      'voidInvoices',
      'deletePayments',
      'removeCalendarEntries',
      'removeCalendarAppointments',
      'writeHistory:deleted',
    ],
    wrongRole: makeActor('dealer', DEALER),
    otherCompany: installerC,
    wrongState: 'reviewed',
  },
  T16: {
    ctx: { actor: installerB, request: openDealerRequest('answered', { a: 'accepted', b: 'accepted' }) },
    to: { state: 'answered', offer: { installerId: B, status: 'rejected' } },
    effects: ['removeCallerCalendarEntries', 'writeHistory:rejected'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  T17: {
    ctx: { actor: installerA, request: assignedDealerJob('new', 'offered'), input: { toInstallerId: G } },
    to: { state: 'new', assignedInstallerId: G },
    effects: ['reassignOffer', 'reassignCalendarEntries', 'writeHistory:transferred'],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  A26: {
    ctx: { actor: installerA, request: estimate('new'), input: { depositAmountCents: 12_500 } },
    to: { state: 'new', depositAmountCents: 12_500 },
    effects: [],
    wrongRole: dealer,
    otherCompany: installerC,
    wrongState: 'scheduled',
  },
  T20: {
    ctx: { actor: dealer, request: openDealerRequest('new') },
    to: { state: 'new' },
    effects: [],
    wrongRole: installerB,
    otherCompany: otherDealer,
    wrongState: 'finished',
  },
};

function caseFor(rule: TransitionRule): RowCase {
  const found = rowCases[rule.id];
  if (!found) throw new Error(`No test case for table row ${rule.id}`);
  return found;
}

describe('transition table', () => {
  it('has unique row ids and a test case for every row', () => {
    const ids = transitionTable.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(rowCases).sort()).toEqual([...ids].sort());
  });

  it('covers every action', () => {
    expect(new Set(transitionTable.map((rule) => rule.action))).toEqual(new Set(actions));
  });

  it('never starts from a terminal state (decision 32)', () => {
    for (const rule of transitionTable) {
      expect(rule.from).not.toContain('reviewed');
      expect(rule.from).not.toContain('deleted');
    }
  });
});

describe.each(transitionTable.map((rule) => [rule.id, rule] as const))('row %s', (_id, rule) => {
  const row = caseFor(rule);

  it(`${rule.action} is allowed for ${rule.who.join(' / ')}`, () => {
    const decision = decideTransition(rule.action, row.ctx);
    expect(decision).toMatchObject({ ok: true, ruleId: rule.id, from: row.ctx.request.currentState });
    if (!decision.ok) return;
    expect(decision.to).toEqual({ ...row.to });
    expect(decision.effects).toEqual(row.effects);
  });

  it('is refused for the wrong role', () => {
    expect(decideTransition(rule.action, { ...row.ctx, actor: row.wrongRole })).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
    });
  });

  it('is refused for another company', () => {
    expect(decideTransition(rule.action, { ...row.ctx, actor: row.otherCompany })).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
    });
  });

  it('is refused for ASSIST', () => {
    const decision = decideTransition(rule.action, { ...row.ctx, actor: asAssist(row.ctx.actor) });
    expect(decision).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });

  it(`is refused from state ${row.wrongState} with a message naming the state`, () => {
    const ctx = { ...row.ctx, request: { ...row.ctx.request, currentState: row.wrongState } };
    const decision = decideTransition(rule.action, ctx);
    expect(decision).toMatchObject({ ok: false, reason: 'INVALID_TRANSITION' });
    if (!decision.ok) expect(decision.message).toContain(`in state ${row.wrongState}`);
  });
});

describe('messages (house style 10)', () => {
  it.each<[string, Action, ActionContext]>([
    [
      'Cannot book a request in state finished',
      'book',
      { actor: installerA, request: estimate('finished'), input: { startDate: '2025-03-12' } },
    ],
    [
      'Cannot check in a request in state new',
      'checkIn',
      { actor: installerA, request: assignedDealerJob('new'), input: { isVinValid: true } },
    ],
    [
      'Cannot complete a job in state received',
      'completeJob',
      { actor: installerA, request: assignedDealerJob('received') },
    ],
    [
      'Cannot review a request in state reviewed',
      'review',
      { actor: dealer, request: assignedDealerJob('reviewed'), input: { reviewScore: 5 } },
    ],
    [
      'Cannot delete a request in state deleted',
      'delete',
      { actor: dealer, request: assignedDealerJob('deleted') },
    ],
    [
      'Dealer 100 may not book a request in state new',
      'book',
      { actor: dealer, request: assignedDealerJob('new') },
    ],
    [
      'Cannot review a request of type installer (state collected)',
      'review',
      { actor: installerA, request: estimate('collected'), input: { reviewScore: 5 } },
    ],
    [
      'Installer 3 has no part in this request',
      'deliver',
      { actor: installerC, request: assignedDealerJob('finished') },
    ],
  ])('%s', (message, action, ctx) => {
    expect(decideTransition(action, ctx)).toEqual({
      ok: false,
      reason: expect.any(String),
      message,
    });
  });
});

describe('accept (T4)', () => {
  it('lets another matched installer accept an answered request; it stays answered', () => {
    const decision = decideTransition('accept', {
      actor: installerB,
      request: openDealerRequest('answered', { a: 'accepted' }),
      input: { startDate: '2025-03-13' },
    });
    expect(decision).toMatchObject({
      ok: true,
      to: { state: 'answered', offer: { installerId: B, status: 'accepted' } },
    });
  });

  it('refuses an installer whose offer is already accepted', () => {
    const decision = decideTransition('accept', {
      actor: installerA,
      request: openDealerRequest('answered', { a: 'accepted' }),
      input: { startDate: '2025-03-13' },
    });
    expect(decision).toMatchObject({
      ok: false,
      reason: 'INVALID_TRANSITION',
      message: 'Cannot accept a request in state answered: your offer is accepted',
    });
  });

  it('refuses an installer whose offer was rejected (no longer part of the request)', () => {
    const decision = decideTransition('accept', {
      actor: installerA,
      request: openDealerRequest('new', { a: 'rejected' }),
      input: { startDate: '2025-03-13' },
    });
    expect(decision).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });

  it.each([
    [undefined, 'Choose a start date'],
    ['13/03/2025', 'Start date must be YYYY-MM-DD'],
    ['2025-03-09', 'Start date 2025-03-09 is before the earliest allowed date 2025-03-10'],
    // dealer-type: latest = due (03-20) − (2 − 1)
    ['2025-03-20', 'Start date 2025-03-20 is after the latest allowed date 2025-03-19'],
  ])('needs a start date inside the picker bounds: %s', (startDate, message) => {
    const decision = decideTransition('accept', {
      actor: installerA,
      request: openDealerRequest('new'),
      input: startDate === undefined ? {} : { startDate },
      today,
    });
    expect(decision).toEqual({ ok: false, reason: 'VALIDATION_FAILED', message });
  });
});

describe('claim (T5)', () => {
  it('answers INVALID_TRANSITION (409) when the request is already assigned', () => {
    const request = openDealerRequest('new', {}, { assignedInstallerId: B });
    const decision = decideTransition('claim', {
      actor: installerA,
      request,
      input: { startDate: '2025-03-12' },
    });
    expect(decision).toMatchObject({
      ok: false,
      reason: 'INVALID_TRANSITION',
      message: 'Cannot claim a request in state new: it is already assigned',
    });
  });

  it('the loser of a race sees a scheduled request and is refused', () => {
    const ctx = { actor: installerA, request: openDealerRequest('new'), input: { startDate: '2025-03-12' } };
    const won = decideTransition('claim', ctx);
    if (!won.ok) throw new Error(won.message);
    const after = applyTransition(ctx.request, won, installerA);
    expect(after).toMatchObject({ currentState: 'scheduled', assignedInstallerId: A });
    expect(decideTransition('claim', { ...ctx, actor: installerB, request: after })).toMatchObject({
      ok: false,
      reason: 'INVALID_TRANSITION',
    });
  });
});

describe('assign (T6)', () => {
  it.each([
    [undefined, 'Choose an installer'],
    [A, 'Installer 1 has no accepted offer on this request'],
    [99, 'Installer 99 has no accepted offer on this request'],
  ])('needs an installer with an accepted offer: %s', (installerId, message) => {
    const decision = decideTransition('assign', {
      actor: dealer,
      request: openDealerRequest('answered', { a: 'offered', b: 'accepted' }),
      input: installerId === undefined ? {} : { installerId },
    });
    expect(decision).toEqual({ ok: false, reason: 'VALIDATION_FAILED', message });
  });
});

describe('book (T7, decision 8)', () => {
  it('installer-type due date becomes the end date; fractional durations round up', () => {
    const decision = decideTransition('book', {
      actor: installerA,
      request: estimate('new', { durationDays: 2.5 }),
      input: { startDate: '2025-03-12' },
    });
    expect(decision).toMatchObject({
      ok: true,
      to: { schedule: { startDate: '2025-03-12', endDate: '2025-03-14', dueDate: '2025-03-14' } },
    });
  });

  it('installer-type may start up to 30 days past its due date', () => {
    const request = estimate('new', { dueDate: '2025-03-20' });
    const ok = decideTransition('book', {
      actor: installerA,
      request,
      input: { startDate: '2025-04-19' },
      today,
    });
    const late = decideTransition('book', {
      actor: installerA,
      request,
      input: { startDate: '2025-04-20' },
      today,
    });
    expect(ok.ok).toBe(true);
    expect(late).toMatchObject({ ok: false, reason: 'VALIDATION_FAILED' });
  });

  it.each([
    ['no deposit', { depositAmountCents: 0 }, false],
    ['a deposit', { depositAmountCents: 5_000 }, true],
    ['a deposit already invoiced', { depositAmountCents: 5_000, hasDepositInvoice: true }, false],
  ])('with %s creates a deposit invoice: %s', (_name, overrides, expected) => {
    const decision = decideTransition('book', {
      actor: installerA,
      request: estimate('new', overrides),
      input: { startDate: '2025-03-12' },
    });
    expect(decision.ok && decision.effects.includes('createDepositInvoice')).toBe(expected);
  });

  it('adds a calendar appointment only when the calendar is linked', () => {
    const request = estimate('new');
    const linked = decideTransition('book', {
      actor: installerA,
      request,
      input: { startDate: '2025-03-12' },
    });
    const unlinked = decideTransition('book', {
      actor: { ...installerA, isCalendarLinked: false },
      request,
      input: { startDate: '2025-03-12' },
    });
    expect(linked.ok && linked.effects.includes('addCalendarAppointment')).toBe(true);
    expect(unlinked.ok && unlinked.effects.includes('addCalendarAppointment')).toBe(false);
  });

  it('an unassigned (open) dealer request is claimed, not booked', () => {
    const decision = decideTransition('book', {
      actor: installerA,
      request: openDealerRequest('new'),
      input: { startDate: '2025-03-12' },
    });
    expect(decision).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });
});

describe('check in (T9)', () => {
  it.each([undefined, false])('stays refused until the VIN is valid (isVinValid %s)', (isVinValid) => {
    const decision = decideTransition('checkIn', {
      actor: installerA,
      request: assignedDealerJob('scheduled'),
      input: isVinValid === undefined ? {} : { isVinValid },
    });
    expect(decision).toEqual({
      ok: false,
      reason: 'VALIDATION_FAILED',
      message: 'Enter a valid VIN to check in',
    });
  });

  it('works for an installer-type job too', () => {
    const decision = decideTransition('checkIn', {
      actor: installerA,
      request: estimate('scheduled'),
      input: { isVinValid: true },
    });
    expect(decision).toMatchObject({ ok: true, to: { state: 'received' } });
  });
});

describe('services (catalogue §3.3, decisions 10 and 20)', () => {
  it.each([
    ['startService', 'started', 'Cannot start a service in state started'],
    ['startService', 'finished', 'Cannot start a service in state finished'],
    ['finishService', 'new', 'Cannot finish a service in state new'],
    ['finishService', 'finished', 'Cannot finish a service in state finished'],
  ] as const)('%s on a service in state %s is refused', (action, serviceState, message) => {
    const decision = decideTransition(action, {
      actor: installerA,
      request: assignedDealerJob('started', 'started'),
      service: { serviceId: 1, serviceState },
    });
    expect(decision).toEqual({ ok: false, reason: 'INVALID_TRANSITION', message });
  });

  it.each(['startService', 'finishService'] as const)('%s needs a selected service', (action) => {
    const decision = decideTransition(action, { actor: installerA, request: assignedDealerJob('started') });
    expect(decision).toEqual({ ok: false, reason: 'VALIDATION_FAILED', message: 'Select a service first' });
  });

  it("contract 'Y' blocks starting work until it is signed (decision 10)", () => {
    const ctx = {
      actor: installerA,
      request: assignedDealerJob('received', 'received', { customerContract: 'Y' }),
      service: { serviceId: 1, serviceState: 'new' as const },
    };
    expect(decideTransition('startService', ctx)).toEqual({
      ok: false,
      reason: 'INVALID_TRANSITION',
      message: 'Cannot start a service of a request in state received before the customer contract is signed',
    });
    expect(
      decideTransition('startService', { ...ctx, request: { ...ctx.request, isContractSigned: true } }),
    ).toMatchObject({ ok: true });
    expect(
      decideTransition('startService', { ...ctx, request: { ...ctx.request, customerContract: 'N' } }),
    ).toMatchObject({ ok: true });
  });

  it('calendar: booked → started at the first service, → finished at completion (decision 20)', () => {
    const request = assignedDealerJob('received', 'received');
    const first = decideTransition('startService', {
      actor: installerA,
      request,
      service: { serviceId: 1, serviceState: 'new' },
    });
    if (!first.ok) throw new Error(first.message);
    expect(first.to.workStatus).toBe('started');
    const started = applyTransition(request, first, installerA);
    const second = decideTransition('startService', {
      actor: installerA,
      request: started,
      service: { serviceId: 2, serviceState: 'new' },
    });
    expect(second.ok && second.to.workStatus).toBeUndefined();
    const done = decideTransition('completeJob', { actor: installerA, request: started });
    expect(done.ok && done.to.workStatus).toBe('finished');
  });

  it('COMPLETE JOB finishes every service', () => {
    const services = [
      { serviceId: 1, serviceState: 'finished' as const },
      { serviceId: 2, serviceState: 'started' as const },
      { serviceId: 3, serviceState: 'new' as const },
    ];
    const done = decideTransition('completeJob', {
      actor: installerA,
      request: assignedDealerJob('started'),
    });
    if (!done.ok) throw new Error(done.message);
    expect(applyServiceTransition(services, done).map((s) => s.serviceState)).toEqual([
      'finished',
      'finished',
      'finished',
    ]);
  });

  it('START SERVICE changes only the selected service', () => {
    const services = [
      { serviceId: 1, serviceState: 'new' as const },
      { serviceId: 2, serviceState: 'new' as const },
    ];
    const start = decideTransition('startService', {
      actor: installerA,
      request: assignedDealerJob('received'),
      service: { serviceId: 2, serviceState: 'new' },
    });
    if (!start.ok) throw new Error(start.message);
    expect(applyServiceTransition(services, start).map((s) => s.serviceState)).toEqual(['new', 'started']);
  });
});

describe('completing needs payment setup for trial specialists (catalogue 4.2 item 7)', () => {
  it.each([
    ['completeJob', assignedDealerJob('started')],
    ['completeEstimate', estimate('new')],
  ] as const)('%s', (action, request) => {
    const trial = { ...installerA, isTrial: true, isPaymentSetupComplete: false };
    expect(decideTransition(action, { actor: trial, request })).toEqual({
      ok: false,
      reason: 'FORBIDDEN',
      message: 'Finish payment setup before completing jobs',
    });
    expect(
      decideTransition(action, { actor: { ...trial, isPaymentSetupComplete: true }, request }),
    ).toMatchObject({ ok: true });
  });

  it('skips the invoice when the job already has one', () => {
    const decision = decideTransition('completeJob', {
      actor: installerA,
      request: assignedDealerJob('started', 'started', { hasFinalInvoice: true }),
    });
    expect(decision.ok && decision.effects.includes('createFinalInvoice')).toBe(false);
  });
});

describe('deliver and review (T13, T14)', () => {
  it('the assigned installer delivers too; an estimate is delivered by its installer', () => {
    expect(
      decideTransition('deliver', { actor: installerA, request: assignedDealerJob('finished') }),
    ).toMatchObject({
      ok: true,
      to: { state: 'collected' },
    });
    expect(decideTransition('deliver', { actor: installerA, request: estimate('finished') })).toMatchObject({
      ok: true,
      to: { state: 'collected' },
    });
  });

  it.each([undefined, 0, 6, 2.5, -1, Number.NaN])('REVIEW refuses score %s', (reviewScore) => {
    const decision = decideTransition('review', {
      actor: dealer,
      request: assignedDealerJob('collected'),
      input: reviewScore === undefined ? {} : { reviewScore },
    });
    expect(decision).toEqual({
      ok: false,
      reason: 'VALIDATION_FAILED',
      message: 'Choose a review score from 1 to 5 stars',
    });
  });

  it.each([1, 5])('REVIEW accepts score %i', (reviewScore) => {
    expect(
      decideTransition('review', {
        actor: dealer,
        request: assignedDealerJob('collected'),
        input: { reviewScore },
      }),
    ).toMatchObject({ ok: true, to: { reviewScore } });
  });
});

describe('delete (T15)', () => {
  it.each(['scheduled', 'received', 'started', 'collected'] as const)(
    'a dealer cannot delete a job in state %s',
    (state) => {
      expect(decideTransition('delete', { actor: dealer, request: assignedDealerJob(state) })).toMatchObject({
        ok: false,
        reason: 'INVALID_TRANSITION',
      });
    },
  );

  it('an assigned installer cannot delete a dealer request', () => {
    expect(
      decideTransition('delete', { actor: installerA, request: assignedDealerJob('new') }),
    ).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
    });
  });

  it('asks for the extra warning only for a finished job with an invoice', () => {
    expect(
      needsInvoiceWarningOnDelete(assignedDealerJob('finished', 'finished', { hasFinalInvoice: true })),
    ).toBe(true);
    expect(needsInvoiceWarningOnDelete(assignedDealerJob('finished', 'finished'))).toBe(false);
    expect(needsInvoiceWarningOnDelete(estimate('collected', { hasFinalInvoice: true }))).toBe(false);
  });

  it('marks every offer deleted', () => {
    const request = openDealerRequest('answered', { a: 'accepted' });
    const decision = decideTransition('delete', { actor: dealer, request });
    if (!decision.ok) throw new Error(decision.message);
    expect(applyTransition(request, decision, dealer).offers.map((o) => o.currentStatus)).toEqual([
      'deleted',
      'deleted',
    ]);
  });
});

describe('reject (T16, decision 19)', () => {
  it.each(['new', 'answered'] as const)('leaves a %s request in its state', (state) => {
    const request = openDealerRequest(state, { a: state === 'answered' ? 'accepted' : 'offered' });
    const decision = decideTransition('reject', { actor: installerA, request });
    if (!decision.ok) throw new Error(decision.message);
    const after = applyTransition(request, decision, installerA);
    expect(after.currentState).toBe(state);
    expect(after.offers).toEqual([
      { installerId: A, currentStatus: 'rejected', startDate: '2025-03-12' },
      { installerId: B, currentStatus: 'offered', startDate: '2025-03-14' },
    ]);
  });

  it('cannot reject twice', () => {
    const request = openDealerRequest('new', { a: 'rejected' });
    expect(decideTransition('reject', { actor: installerA, request })).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
    });
  });
});

describe('transfer (T17)', () => {
  const request = assignedDealerJob('new', 'offered');
  it.each<[string, ActorContext, number | undefined, string, string]>([
    [
      'no installer group',
      { ...installerA, isInstallerGroupEnabled: false },
      G,
      'FORBIDDEN',
      'Installer 1 has no installer group to transfer within',
    ],
    ['no target chosen', installerA, undefined, 'VALIDATION_FAILED', 'Choose a specialist to transfer to'],
    ['the caller itself', installerA, A, 'VALIDATION_FAILED', 'Choose a specialist other than yourself'],
    [
      'a company outside the group',
      installerA,
      B,
      'VALIDATION_FAILED',
      'Installer 2 is not in your installer group',
    ],
  ])('refuses %s', (_name, actor, toInstallerId, reason, message) => {
    const decision = decideTransition('transfer', {
      actor,
      request,
      input: toInstallerId === undefined ? {} : { toInstallerId },
    });
    expect(decision).toEqual({ ok: false, reason, message });
  });

  it('is only for a job assigned to the caller: an offered installer on an open job may not', () => {
    expect(
      decideTransition('transfer', {
        actor: installerA,
        request: openDealerRequest('new'),
        input: { toInstallerId: G },
      }),
    ).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });

  it('moves the assignment and the offer to the target; an estimate changes owner', () => {
    const decision = decideTransition('transfer', {
      actor: installerA,
      request: estimate('new'),
      input: { toInstallerId: G },
    });
    if (!decision.ok) throw new Error(decision.message);
    const after = applyTransition(estimate('new'), decision, installerA);
    expect(after).toMatchObject({
      currentState: 'new',
      assignedInstallerId: G,
      offers: [{ installerId: G, currentStatus: 'offered' }],
    });
    const ownerG = makeActor('installer', G);
    expect(
      decideTransition('book', { actor: ownerG, request: after, input: { startDate: '2025-03-12' } }),
    ).toMatchObject({ ok: true });
    expect(
      decideTransition('book', { actor: installerA, request: after, input: { startDate: '2025-03-12' } }),
    ).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
  });
});

describe('set deposit (A26)', () => {
  it.each<[string, Partial<Parameters<typeof estimate>[1]>, number | undefined, string, string]>([
    ['over the total', {}, 50_001, 'VALIDATION_FAILED', 'Deposit cannot exceed the job total'],
    ['negative', {}, -1, 'VALIDATION_FAILED', 'Deposit must be a non-negative amount in cents'],
    ['fractional cents', {}, 10.5, 'VALIDATION_FAILED', 'Deposit must be a non-negative amount in cents'],
    ['missing', {}, undefined, 'VALIDATION_FAILED', 'Deposit must be a non-negative amount in cents'],
    [
      'after deposit invoices exist',
      { hasDepositInvoice: true },
      0,
      'INVALID_TRANSITION',
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    ],
  ])('refuses %s', (_name, overrides, depositAmountCents, reason, message) => {
    const decision = decideTransition('setDeposit', {
      actor: installerA,
      request: estimate('new', overrides),
      input: depositAmountCents === undefined ? {} : { depositAmountCents },
    });
    expect(decision).toEqual({ ok: false, reason, message });
  });

  it('accepts 0 (remove) and the whole total', () => {
    for (const depositAmountCents of [0, 50_000]) {
      expect(
        decideTransition('setDeposit', {
          actor: installerA,
          request: estimate('new'),
          input: { depositAmountCents },
        }),
      ).toMatchObject({ ok: true, to: { depositAmountCents } });
    }
  });
});

describe('referral status follows the request (000 §4)', () => {
  it.each<[RequestState, string | null]>([
    ['new', null],
    ['answered', null],
    ['scheduled', 'SCHEDULED'],
    ['received', 'RECEIVED'],
    ['started', 'STARTED'],
    ['finished', 'FINISHED'],
    ['collected', 'COMPLETE'],
    ['reviewed', null],
    ['deleted', null],
  ])('%s → %s', (state, expected) => {
    expect(findReferralStatusForState(state)).toBe(expected);
  });

  it('every transition into a followed state carries the matching referral effect', () => {
    for (const rule of transitionTable) {
      if (rule.to.state === 'unchanged') continue;
      const status = findReferralStatusForState(rule.to.state);
      const referralEffects = rule.effects.filter((e) => e.startsWith('referralStatus:'));
      expect(referralEffects, rule.id).toEqual(status ? [`referralStatus:${status}`] : []);
    }
  });

  it('is skipped for a request without a referral', () => {
    const decision = decideTransition('checkIn', {
      actor: installerA,
      request: assignedDealerJob('scheduled', 'scheduled', { hasReferral: false }),
      input: { isVinValid: true },
    });
    expect(decision.ok && decision.effects).toEqual(['saveVin', 'writeHistory:received']);
  });

  it('every state change writes a history record', () => {
    for (const rule of transitionTable) {
      if (rule.to.state === 'unchanged' && rule.action !== 'reject' && rule.action !== 'transfer') continue;
      expect(
        rule.effects.some((e) => e.startsWith('writeHistory:')),
        rule.id,
      ).toBe(true);
    }
  });
});

describe('terminal states (decision 32)', () => {
  const actors = [dealer, installerA, installerB, installerC, otherDealer];
  it.each(['reviewed', 'deleted'] as const)('nothing moves a %s request', (state) => {
    for (const request of [assignedDealerJob(state), openDealerRequest(state), estimate(state)]) {
      for (const actor of actors) {
        for (const action of actions) {
          const decision = decideTransition(action, {
            actor,
            request,
            service: { serviceId: 1, serviceState: 'new' },
            input: {
              startDate: '2025-03-12',
              isVinValid: true,
              reviewScore: 5,
              installerId: A,
              toInstallerId: G,
              depositAmountCents: 0,
            },
          });
          expect(decision.ok).toBe(false);
        }
      }
      expect(listAvailableActions({ actor: dealer, request })).toEqual([]);
      expect(listAvailableActions({ actor: installerA, request })).toEqual([]);
    }
  });
});

describe('listAvailableActions (buttons to show)', () => {
  it.each<[string, ActionContext, Action[]]>([
    ['dealer, new request', { actor: dealer, request: openDealerRequest('new') }, ['delete', 'editJob']],
    [
      'dealer, answered request',
      { actor: dealer, request: openDealerRequest('answered', { a: 'accepted' }) },
      ['assign', 'delete', 'editJob'],
    ],
    [
      'dealer, scheduled job (read-only but editable)',
      { actor: dealer, request: assignedDealerJob('scheduled') },
      ['editJob'],
    ],
    [
      'dealer, finished job',
      { actor: dealer, request: assignedDealerJob('finished') },
      ['deliver', 'delete'],
    ],
    ['dealer, collected job', { actor: dealer, request: assignedDealerJob('collected') }, ['review']],
    [
      'matched installer, open request',
      { actor: installerA, request: openDealerRequest('new') },
      ['accept', 'claim', 'reject'],
    ],
    [
      'installer whose offer is accepted',
      { actor: installerA, request: openDealerRequest('answered', { a: 'accepted' }) },
      ['reject'],
    ],
    [
      'assigned installer, new dealer job',
      { actor: installerA, request: assignedDealerJob('new', 'offered') },
      ['accept', 'book', 'reject', 'transfer', 'editJob'],
    ],
    [
      'assigned installer without installer group',
      {
        actor: installerB,
        request: assignedDealerJob('new', 'offered', {
          assignedInstallerId: B,
          offers: [{ installerId: B, currentStatus: 'offered' }],
        }),
      },
      ['accept', 'book', 'reject', 'editJob'],
    ],
    [
      'assigned installer, scheduled job',
      { actor: installerA, request: assignedDealerJob('scheduled') },
      ['checkIn', 'reschedule', 'editJob'],
    ],
    [
      'assigned installer, received job',
      { actor: installerA, request: assignedDealerJob('received') },
      ['startService', 'editJob'],
    ],
    [
      'assigned installer, started job',
      { actor: installerA, request: assignedDealerJob('started') },
      ['startService', 'finishService', 'completeJob', 'editJob'],
    ],
    [
      'assigned installer, finished job',
      { actor: installerA, request: assignedDealerJob('finished') },
      ['deliver'],
    ],
    [
      'estimate owner, new estimate',
      { actor: installerA, request: estimate('new') },
      ['book', 'completeEstimate', 'delete', 'transfer', 'setDeposit', 'editJob'],
    ],
    ['estimate owner, collected estimate', { actor: installerA, request: estimate('collected') }, ['delete']],
    ['another installer', { actor: installerC, request: openDealerRequest('new') }, []],
    ['another dealer', { actor: otherDealer, request: openDealerRequest('answered') }, []],
    [
      'dealer ASSIST',
      { actor: asAssist(dealer), request: openDealerRequest('answered', { a: 'accepted' }) },
      [],
    ],
    ['installer ASSIST', { actor: asAssist(installerA), request: assignedDealerJob('started') }, []],
  ])('%s', (_name, ctx, expected) => {
    expect(listAvailableActions(ctx)).toEqual(expected);
  });
});

describe('listActionButtons (enabling rules of 000 §5)', () => {
  it('CHECK IN is shown disabled until the VIN is valid', () => {
    const ctx = { actor: installerA, request: assignedDealerJob('scheduled') };
    expect(listActionButtons(ctx).find((b) => b.action === 'checkIn')).toEqual({
      action: 'checkIn',
      label: 'CHECK IN',
      isEnabled: false,
      disabledReason: 'Enter a valid VIN to check in',
    });
    expect(listEnabledActions({ ...ctx, input: { isVinValid: true } })).toContain('checkIn');
  });

  it('REVIEW is disabled until a score is set', () => {
    const ctx = { actor: dealer, request: assignedDealerJob('collected') };
    expect(listEnabledActions(ctx)).toEqual([]);
    expect(listEnabledActions({ ...ctx, input: { reviewScore: 3 } })).toEqual(['review']);
  });

  it('START/FINISH SERVICE follow the selected service', () => {
    const request = assignedDealerJob('started');
    const enabled = (serviceState: 'new' | 'started' | 'finished') =>
      listEnabledActions({ actor: installerA, request, service: { serviceId: 1, serviceState } });
    expect(enabled('new')).toEqual(['startService', 'completeJob', 'editJob']);
    expect(enabled('started')).toEqual(['finishService', 'completeJob', 'editJob']);
    expect(enabled('finished')).toEqual(['completeJob', 'editJob']);
  });

  it('transfer is disabled until a specialist is chosen', () => {
    const ctx = { actor: installerA, request: assignedDealerJob('new', 'offered') };
    expect(listActionButtons(ctx).find((b) => b.action === 'transfer')?.isEnabled).toBe(false);
    expect(listEnabledActions({ ...ctx, input: { toInstallerId: G } })).toContain('transfer');
  });

  it('START SERVICE stays visible but disabled while the contract is unsigned', () => {
    const ctx = {
      actor: installerA,
      request: assignedDealerJob('received', 'received', { customerContract: 'Y' as const }),
      service: { serviceId: 1, serviceState: 'new' as const },
    };
    expect(listActionButtons(ctx).find((b) => b.action === 'startService')).toMatchObject({
      isEnabled: false,
    });
  });

  it('labels are the 000 §2 button texts', () => {
    const labels = listActionButtons({ actor: installerA, request: estimate('new') }).map((b) => b.label);
    expect(labels).toEqual([
      'BOOK JOB',
      'JOB COMPLETED',
      'delete',
      'TRANSFER',
      'Set deposit amount',
      'EDIT JOB',
    ]);
  });
});

describe('request states', () => {
  it('lists the nine states of 000 §4', () => {
    expect(requestStates).toEqual([
      'new',
      'answered',
      'scheduled',
      'received',
      'started',
      'finished',
      'collected',
      'reviewed',
      'deleted',
    ]);
  });
});
