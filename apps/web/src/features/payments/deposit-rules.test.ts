import { cannotRemoveDepositMessage, depositLockedMessage } from '@app/domain/invoicing/deposit';
import { describe, expect, it } from 'vitest';
import { buildEstimate, buildRequest } from '../service-requests/service-requests.fixtures';
import {
  centsToDollarText,
  decideDepositControl,
  decideDepositRemoval,
  decideDepositSave,
  depositCentsOf,
  describeDepositShare,
  isDepositInvoiceMissing,
  isDepositKeystrokeAccepted,
} from './deposit-rules';

// The estimate of the fixtures: $1,000 − $100 discount + $63 tax = $963.00 for the customer.
const TOTAL = 963_00;

describe('who gets the deposit popup (000 §6)', () => {
  const estimate = buildEstimate({ currentState: 'new' });

  it('the installer who created a new installer-type job may set it', () => {
    expect(
      decideDepositControl({
        userType: 'installer',
        companyId: 7,
        request: estimate,
        depositInvoiceCount: 0,
      }),
    ).toEqual({ isShown: true, isEditable: true, lockedReason: null });
  });

  it('dealers, other installers and dealer-type jobs get no button', () => {
    expect(
      decideDepositControl({ userType: 'dealer', companyId: 5, request: estimate, depositInvoiceCount: 0 }),
    ).toEqual({ isShown: false });
    expect(
      decideDepositControl({ userType: 'installer', companyId: 8, request: estimate, depositInvoiceCount: 0 })
        .isShown,
    ).toBe(false);
    const dealerJob = buildRequest({ assignedTo: 7 });
    expect(
      decideDepositControl({
        userType: 'installer',
        companyId: 7,
        request: dealerJob,
        depositInvoiceCount: 0,
      }).isShown,
    ).toBe(false);
  });

  it('once deposit invoices exist the popup only shows the amount, locked', () => {
    const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 100 });
    expect(
      decideDepositControl({ userType: 'installer', companyId: 7, request: booked, depositInvoiceCount: 1 }),
    ).toEqual({ isShown: true, isEditable: false, lockedReason: depositLockedMessage });
  });

  it('a job booked without a deposit can no longer get one (the server takes it only before booking)', () => {
    const booked = buildEstimate({ currentState: 'scheduled' });
    expect(
      decideDepositControl({ userType: 'installer', companyId: 7, request: booked, depositInvoiceCount: 0 })
        .isShown,
    ).toBe(false);
  });
});

describe('the amount field (000 §5: numeric, step 0.01, minimum 0, never above the job total)', () => {
  it('takes amounts up to the job total while typing and ignores a larger one', () => {
    expect(isDepositKeystrokeAccepted('', TOTAL)).toBe(true);
    expect(isDepositKeystrokeAccepted('12.', TOTAL)).toBe(true);
    expect(isDepositKeystrokeAccepted('250.75', TOTAL)).toBe(true);
    expect(isDepositKeystrokeAccepted('963', TOTAL)).toBe(true);
    expect(isDepositKeystrokeAccepted('963.00', TOTAL)).toBe(true);
    expect(isDepositKeystrokeAccepted('963.01', TOTAL)).toBe(false);
    expect(isDepositKeystrokeAccepted('9630', TOTAL)).toBe(false);
    expect(isDepositKeystrokeAccepted('-5', TOTAL)).toBe(false);
  });

  it('saves the amount rounded to the cent, as dollars', () => {
    const input = { currentDepositCents: 0, jobTotalCents: TOTAL, depositInvoiceCount: 0 };
    expect(decideDepositSave({ ...input, value: '240.75' })).toEqual({
      ok: true,
      depositCents: 240_75,
      dollars: '240.75',
    });
    expect(decideDepositSave({ ...input, value: 100.5 })).toEqual({
      ok: true,
      depositCents: 100_50,
      dollars: '100.50',
    });
    expect(decideDepositSave({ ...input, value: '0.125' })).toMatchObject({ ok: true, dollars: '0.13' });
    expect(decideDepositSave({ ...input, value: '963' })).toMatchObject({ ok: true, depositCents: TOTAL });
  });

  it('refuses empty, negative, non-numeric and above-total amounts, and any change once invoiced', () => {
    const input = { currentDepositCents: 50_00, jobTotalCents: TOTAL, depositInvoiceCount: 0 };
    expect(decideDepositSave({ ...input, value: '' })).toEqual({
      ok: false,
      message: 'Enter a deposit amount',
    });
    expect(decideDepositSave({ ...input, value: '-1' }).ok).toBe(false);
    expect(decideDepositSave({ ...input, value: 'abc' }).ok).toBe(false);
    expect(decideDepositSave({ ...input, value: '963.01' })).toEqual({
      ok: false,
      message: 'The deposit cannot exceed the job total',
    });
    expect(decideDepositSave({ ...input, value: '10', depositInvoiceCount: 1 })).toEqual({
      ok: false,
      message: depositLockedMessage,
    });
  });
});

describe('removal and display (000 §5, §8)', () => {
  it('removal is asked first and refused once deposit invoices exist', () => {
    expect(decideDepositRemoval(0)).toEqual({ ok: true, depositCents: 0 });
    expect(decideDepositRemoval(1)).toMatchObject({ ok: false, message: cannotRemoveDepositMessage });
    expect(cannotRemoveDepositMessage).toBe(
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    );
  });

  it('a positive deposit shows as a percentage of the job', () => {
    expect(describeDepositShare(240_75, TOTAL)).toBe('25% of the job');
    expect(describeDepositShare(100_00, 300_00)).toBe('33.3% of the job');
    expect(describeDepositShare(0, TOTAL)).toBeNull();
  });

  it('reads the request deposit in cents and writes dollars text', () => {
    expect(depositCentsOf(buildEstimate({ depositAmount: 120.1 }))).toBe(120_10);
    expect(depositCentsOf(buildEstimate({ depositAmount: 0 }))).toBe(0);
    expect(centsToDollarText(5)).toBe('0.05');
    expect(centsToDollarText(963_00)).toBe('963.00');
  });
});

describe('a deposit invoice that failed at booking (000 §8)', () => {
  const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 100 });
  const base = { userType: 'installer' as const, companyId: 7, depositPaymentCount: 0 };

  it('is missing on a booked job with a deposit and no deposit payment', () => {
    expect(isDepositInvoiceMissing({ ...base, request: booked })).toBe(true);
  });

  it('is not missing before booking, without a deposit, once invoiced, after the work, or for others', () => {
    expect(isDepositInvoiceMissing({ ...base, request: { ...booked, currentState: 'new' } })).toBe(false);
    expect(isDepositInvoiceMissing({ ...base, request: { ...booked, depositAmount: 0 } })).toBe(false);
    expect(isDepositInvoiceMissing({ ...base, request: booked, depositPaymentCount: 1 })).toBe(false);
    expect(isDepositInvoiceMissing({ ...base, request: { ...booked, currentState: 'finished' } })).toBe(
      false,
    );
    expect(isDepositInvoiceMissing({ ...base, request: booked, companyId: 8 })).toBe(false);
    expect(isDepositInvoiceMissing({ ...base, request: booked, userType: 'dealer' })).toBe(false);
  });
});
