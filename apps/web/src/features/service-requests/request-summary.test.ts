import { describe, expect, it } from 'vitest';
import {
  buildRequestSummary,
  chooseDateLabels,
  findSchedule,
  isContractBannerShown,
  isNoteShown,
} from './request-summary';
import {
  buildCalendarDay,
  buildEstimate,
  buildNote,
  buildOffer,
  buildRequest,
} from './service-requests.fixtures';

describe('summary card labels by role and type (000 §2)', () => {
  it('dealers see Available and Due', () => {
    expect(chooseDateLabels('dealer', 'dealer', false)).toEqual({ start: 'Available', end: 'Due' });
  });

  it("installers see Offered and Complete By on their own estimates, Available and Due on a dealer's request", () => {
    expect(chooseDateLabels('installer', 'installer', false)).toEqual({
      start: 'Offered',
      end: 'Complete By',
    });
    expect(chooseDateLabels('installer', 'dealer', false)).toEqual({ start: 'Available', end: 'Due' });
  });

  it('a job with a schedule shows Start and Complete for everyone', () => {
    expect(chooseDateLabels('dealer', 'dealer', true)).toEqual({ start: 'Start', end: 'Complete' });
    expect(chooseDateLabels('installer', 'installer', true)).toEqual({ start: 'Start', end: 'Complete' });
  });
});

describe('the schedule of a job', () => {
  const job = buildRequest({ currentState: 'scheduled', assignedTo: 7, installerName: 'Elite Auto Film' });

  it("comes from the server's schedule when the reply has one, before offers and calendar days", () => {
    const booked = buildRequest({
      currentState: 'received',
      assignedTo: 7,
      scheduleStart: '2026/02/02 08:00:00',
      scheduleEnd: '2026/02/04 08:00:00',
    });
    const offers = [buildOffer({ installerId: 7, startDate: '2026/01/07 08:00:00' })];
    const schedule = findSchedule(booked, offers, [buildCalendarDay({ workDate: '2026-01-07' })]);
    expect(schedule).toEqual({
      start: { kind: 'instant', value: new Date('2026-02-02T08:00:00Z') },
      end: { kind: 'instant', value: new Date('2026-02-04T08:00:00Z') },
    });
  });

  it("comes from the performer's offer when the caller sees it", () => {
    const offers = [
      buildOffer({ installerId: 9, startDate: '2026/01/20 08:00:00' }),
      buildOffer({ installerId: 7, startDate: '2026/01/07 08:00:00', endDate: '2026/01/08 08:00:00' }),
    ];
    const schedule = findSchedule(job, offers, []);
    expect(schedule?.start).toEqual({ kind: 'instant', value: new Date('2026-01-07T08:00:00Z') });
    expect(schedule?.end).toEqual({ kind: 'instant', value: new Date('2026-01-08T08:00:00Z') });
  });

  it("else from the performer's booked calendar days, ignoring drafts, pending days and other installers", () => {
    const days = [
      buildCalendarDay({ id: 1, workDate: '2026-01-09' }),
      buildCalendarDay({ id: 2, workDate: '2026-01-07' }),
      buildCalendarDay({ id: 3, workDate: '2026-01-03', workStatus: 'draft' }),
      buildCalendarDay({ id: 4, workDate: '2026-01-02', installerId: 9 }),
    ];
    expect(findSchedule(job, [], days)).toEqual({
      start: { kind: 'day', value: '2026-01-07' },
      end: { kind: 'day', value: '2026-01-09' },
    });
  });

  it('does not exist before the work is booked', () => {
    const request = buildRequest({ currentState: 'answered' });
    const offers = [buildOffer({ currentStatus: 'accepted', startDate: '2026/01/07 08:00:00' })];
    expect(findSchedule(request, offers, [buildCalendarDay({ workStatus: 'pending' })])).toBeNull();
  });
});

describe('buildRequestSummary', () => {
  it('shows an installer estimate as Offered / Complete By with its price incl. Sales Tax', () => {
    const summary = buildRequestSummary({
      userType: 'installer',
      request: buildEstimate(),
      schedule: null,
      notes: [],
    });
    expect(summary.labels).toEqual({ start: 'Offered', end: 'Complete By' });
    expect(summary.isSalesTaxIncluded).toBe(true);
    // total − discount + taxes: 1000 − 100 + 63
    expect(summary.totalCents).toBe(96_300);
  });

  it("shows a dealer's request with Available / Due and no sales tax note", () => {
    const request = buildRequest();
    const summary = buildRequestSummary({ userType: 'dealer', request, schedule: null, notes: [] });
    expect(summary.labels).toEqual({ start: 'Available', end: 'Due' });
    expect(summary.start).toEqual({ kind: 'instant', value: new Date('2026-01-05T14:00:00Z') });
    expect(summary.isSalesTaxIncluded).toBe(false);
    expect(summary.totalCents).toBe(45_000);
    expect(summary.deposit).toBeNull();
  });

  it('shows notes only when longer than one character (K27)', () => {
    const notes = [
      buildNote({ noteId: 1, note_text: '.' }),
      buildNote({ noteId: 2, note_text: ' x ' }),
      buildNote({ noteId: 3, note_text: 'ok' }),
      buildNote({ noteId: 4, note_text: 'Lot car, ready after 8am.' }),
    ];
    const summary = buildRequestSummary({
      userType: 'dealer',
      request: buildRequest(),
      schedule: null,
      notes,
    });
    expect(summary.notes).toEqual([
      { id: 3, text: 'ok' },
      { id: 4, text: 'Lot car, ready after 8am.' },
    ]);
    expect(isNoteShown('a')).toBe(false);
    expect(isNoteShown('ab')).toBe(true);
  });

  it("marks a start 2+ days after the availability date 'Rescheduled' and warns when finishing after the due date", () => {
    const request = buildRequest({
      currentState: 'scheduled',
      availableDate: '2026/01/05 14:00:00',
      dueDate: '2026/01/08 14:00:00',
      requestDuration: 2,
    });
    const late = buildRequestSummary({
      userType: 'dealer',
      request,
      schedule: { start: { kind: 'day', value: '2026-01-08' }, end: { kind: 'day', value: '2026-01-09' } },
      notes: [],
    });
    expect(late.labels).toEqual({ start: 'Start', end: 'Complete' });
    expect(late.isRescheduled).toBe(true);
    expect(late.finishesAfterDue).toEqual({ kind: 'instant', value: new Date('2026-01-08T14:00:00Z') });

    const onTime = buildRequestSummary({
      userType: 'dealer',
      request,
      schedule: { start: { kind: 'day', value: '2026-01-06' }, end: { kind: 'day', value: '2026-01-07' } },
      notes: [],
    });
    expect(onTime.isRescheduled).toBe(false);
    expect(onTime.finishesAfterDue).toBeNull();
  });

  it('carries the deposit and whether it is paid', () => {
    const request = buildEstimate({ depositAmount: 150, depositIsPaid: true });
    const summary = buildRequestSummary({ userType: 'installer', request, schedule: null, notes: [] });
    expect(summary.deposit).toEqual({ amountCents: 15_000, isPaid: true });
  });
});

describe('the contract-required banner', () => {
  it('shows on a dealer request that needs a contract until it is signed or the work has started', () => {
    const needs = { contractRequired: true, contractSigned: false };
    for (const currentState of ['new', 'answered', 'scheduled', 'received'] as const)
      expect(isContractBannerShown(buildRequest({ ...needs, currentState }))).toBe(true);
    for (const currentState of ['started', 'finished', 'collected', 'reviewed', 'deleted'] as const)
      expect(isContractBannerShown(buildRequest({ ...needs, currentState }))).toBe(false);
    expect(
      isContractBannerShown(buildRequest({ ...needs, contractSigned: true, currentState: 'received' })),
    ).toBe(false);
    expect(isContractBannerShown(buildRequest({ contractRequired: false, currentState: 'received' }))).toBe(
      false,
    );
  });
});
