import { parseWireDay, parseWireInstant, resolveActionName } from '@app/contracts/lifecycle.contract';
import { describe, expect, it } from 'vitest';
import {
  historyKey,
  planJobDays,
  referralBonusCents,
  serverHistoryKey,
  toWorkInstant,
} from './lifecycle.plan';
import type { RequestRow } from './lifecycle.repository';
import { listChangedEchoedFields } from './lifecycle.request-update';

describe('planJobDays', () => {
  it('lays one row per service line and day, the lines following each other in their order', () => {
    const lines = [
      { id: 2, durationTenths: 10, position: 1 },
      { id: 1, durationTenths: 15, position: 0 },
    ];
    expect(planJobDays(lines, 25, '2025-03-30')).toEqual([
      { workDate: '2025-03-30', requestServiceId: 1, dailyWorkTenths: 10 },
      { workDate: '2025-03-31', requestServiceId: 1, dailyWorkTenths: 5 },
      { workDate: '2025-03-31', requestServiceId: 2, dailyWorkTenths: 5 },
      { workDate: '2025-04-01', requestServiceId: 2, dailyWorkTenths: 5 },
    ]);
  });

  it('gives a job without lines one row per day of its duration, and one without duration one day', () => {
    expect(planJobDays([], 0, '2025-03-10')).toEqual([
      { workDate: '2025-03-10', requestServiceId: null, dailyWorkTenths: 1 },
    ]);
    expect(planJobDays([], 15, '2025-03-10')).toEqual([
      { workDate: '2025-03-10', requestServiceId: null, dailyWorkTenths: 10 },
      { workDate: '2025-03-11', requestServiceId: null, dailyWorkTenths: 5 },
    ]);
  });
});

describe('keys, instants and bonus', () => {
  it('history keys: a client key to the second; a server key per version', () => {
    expect(historyKey('started', new Date('2025-03-10T15:00:00.900Z'), 7)).toBe(
      historyKey('started', new Date('2025-03-10T15:00:00.100Z'), 7),
    );
    expect(historyKey('started', new Date('2025-03-10T15:00:00Z'), null)).toBe('started|1741618800|');
    expect(serverHistoryKey(3, 'scheduled', null)).not.toBe(serverHistoryKey(5, 'scheduled', null));
  });

  it('work days are stored at 08:00 UTC', () => {
    expect(toWorkInstant('2025-03-12').toISOString()).toBe('2025-03-12T08:00:00.000Z');
  });

  it('referral bonus: $100 for PPF, else $25 (K46)', () => {
    expect(referralBonusCents('PPF - Full Front')).toBe(10_000);
    expect(referralBonusCents('Glass/Tint')).toBe(2_500);
    expect(referralBonusCents(null)).toBe(2_500);
  });
});

describe('wire dates and action names', () => {
  it('reads the date forms of decision 2 as UTC', () => {
    expect(parseWireInstant('2025/03/10 15:04:05')?.toISOString()).toBe('2025-03-10T15:04:05.000Z');
    expect(parseWireInstant('2025-03-10 15:04:05')?.toISOString()).toBe('2025-03-10T15:04:05.000Z');
    expect(parseWireInstant('2025-03-10T15:04:05-05:00')?.toISOString()).toBe('2025-03-10T20:04:05.000Z');
    expect(parseWireDay('2025-03-10')).toBe('2025-03-10');
    expect(parseWireDay('2025-02-30')).toBeNull();
    expect(parseWireDay('tomorrow')).toBeNull();
  });

  it('accepts action names and button labels in any case', () => {
    expect(resolveActionName('checkIn')).toBe('checkIn');
    expect(resolveActionName('CHECK IN')).toBe('checkIn');
    expect(resolveActionName('book-job')).toBe('book');
    expect(resolveActionName('JOB COMPLETED')).toBe('completeEstimate');
    expect(resolveActionName('editJob')).toBeNull();
  });
});

describe('listChangedEchoedFields', () => {
  const row = {
    id: 5,
    requestType: 'installer',
    requestorDealerId: null,
    requestorInstallerId: 9,
    totalCents: 190_000,
    taxesCents: 15_675,
    durationTenths: 25,
    availableDate: new Date('2025-03-10T15:00:00Z'),
    dueDate: null,
    latitude: 27.95,
  } as unknown as RequestRow;

  it('accepts the stored values in their wire units and names the changed ones', () => {
    expect(
      listChangedEchoedFields(
        {
          requestId: 5,
          Requestor: 9,
          requestTotal: 1900,
          Request_taxes: 156.75,
          requestDuration: 2.5,
          availableDate: '2025/03/10 15:00:00',
          due_date: null,
          latitude: 27.95,
        },
        row,
      ),
    ).toEqual([]);
    expect(
      listChangedEchoedFields({ requestTotal: 1900.01, requestDuration: 3, dueDate: '2025-03-20' }, row),
    ).toEqual(['requestTotal', 'requestDuration', 'dueDate']);
  });
});
