import { describe, expect, it } from 'vitest';
import { ApiHttpError } from '../../lib/api-client';
import { describeDashboardFailure, statementMonthOf } from './financial-actions';
import {
  findCheckNumber,
  formatCents,
  formatRowVehicle,
  formatWireDay,
  isRetailRow,
} from './financial-format';
import { readView } from './financial-view';
import { computeScaleTop } from './revenue-chart';
import { labelRevenuePoint } from './revenue-panel';

describe('formatting', () => {
  it('shows cents as dollars and wire days as short US days (UTC, the day the server filters on)', () => {
    expect(formatCents(161_500)).toBe('$1,615.00');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatWireDay('2026/11/05 23:59:59')).toBe('Nov 5, 2026');
    expect(formatWireDay('2026-01-31')).toBe('Jan 31, 2026');
    expect(formatWireDay(null)).toBe('—');
  });

  it('names the vehicle by year, make and model, else the VIN', () => {
    expect(formatRowVehicle({ Year: 2024, Make: 'Tesla', Model: 'Model 3', VIN: 'X' })).toBe(
      '2024 Tesla Model 3',
    );
    expect(formatRowVehicle({ Year: null, Make: null, Model: '', VIN: '1HGCM82633A004352' })).toBe(
      '1HGCM82633A004352',
    );
    expect(formatRowVehicle({ Year: null, Make: null, Model: null, VIN: null })).toBe('—');
  });

  it('colours retail work (requests of type installer) and never takes a po_ payout for a check number', () => {
    expect(isRetailRow({ Request_type: 'installer' })).toBe(true);
    expect(isRetailRow({ Request_type: 'dealer' })).toBe(false);
    expect(findCheckNumber({ check_number: '10452', payout_id: null })).toBe('10452');
    expect(findCheckNumber({ check_number: null, payout_id: 'po_1Nabc' })).toBeNull();
    expect(findCheckNumber({ check_number: null, payout_id: '2231' })).toBe('2231');
  });

  it('labels chart buckets and rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect(labelRevenuePoint({ period: '2026-11-05' }, 'day')).toBe('Nov 5');
    expect(labelRevenuePoint({ period: '2026-11-02' }, 'week')).toBe('Nov 2');
    expect(labelRevenuePoint({ period: '2026-11-01' }, 'month')).toBe('Nov 2026');
    expect(computeScaleTop(0)).toBe(100);
    expect(computeScaleTop(552_500)).toBe(1_000_000);
    expect(computeScaleTop(150_000)).toBe(200_000);
    expect(computeScaleTop(200_000)).toBe(200_000);
  });
});

describe('actions', () => {
  it('gives row 108 its message for each failure', () => {
    expect(describeDashboardFailure(new ApiHttpError(404, { code: 'NOT_FOUND', message: 'x' }))).toBe(
      'No payment account found. Please set up your payment account first.',
    );
    const mismatch =
      'Dashboard access denied - your login email does not match the account email. Please contact support.';
    expect(describeDashboardFailure(new ApiHttpError(403, { code: 'FORBIDDEN', message: mismatch }))).toBe(
      mismatch,
    );
    expect(describeDashboardFailure(new ApiHttpError(500, { code: 'INTERNAL', message: 'x' }))).toBe(
      'Unable to access Stripe dashboard. Please try again later.',
    );
  });

  it('takes the statement of the month the range on screen ends in', () => {
    expect(statementMonthOf(readView(new URLSearchParams('range=week&date=2026-11-30'), '2026-11-25'))).toBe(
      '2026-12',
    );
    expect(statementMonthOf(readView(new URLSearchParams(''), '2026-11-25'))).toBe('2026-11');
    expect(
      statementMonthOf(
        readView(new URLSearchParams('range=custom&from=2026-01-01&to=2026-03-04'), '2026-11-25'),
      ),
    ).toBe('2026-03');
  });
});
