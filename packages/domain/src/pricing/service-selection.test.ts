import { describe, expect, it } from 'vitest';
import type { ServicePrice } from './catalog-price';
import {
  addServiceLine,
  alreadyIncludedMessage,
  calculateLineDiscount,
  completeCustomService,
  createServiceLine,
  customServicePrompt,
  isCustomPending,
  removePendingCustomLines,
  removeServiceLine,
  type ServiceLine,
  setLineDiscount,
  setLineRetailPrice,
} from './service-selection';

function line(
  masterServiceId: number,
  amountCents: number,
  overrides: Partial<ServiceLine> = {},
): ServiceLine {
  return {
    masterServiceId,
    serviceId: masterServiceId * 10,
    category: 'PPF',
    description: `Service ${masterServiceId}`,
    customDescription: null,
    amountCents,
    discountCents: 0,
    discountPercentBps: null,
    durationTenths: 10,
    retailPriceCents: amountCents,
    includes: [],
    isCustom: amountCents === 0,
    ...overrides,
  };
}

// Full Body (2) includes Full Front (1) and Partial Front (3).
const fullFront = line(1, 190_000);
const fullBody = line(2, 600_000, { includes: [1, 3] });
const partialFront = line(3, 99_900);
const tint = line(4, 40_000, { category: 'Glass/Tint' });
const customPending = line(5, 0, { category: 'Other Services', description: 'Custom' });

const ids = (lines: readonly ServiceLine[]) => lines.map((l) => l.masterServiceId);

describe('createServiceLine', () => {
  it('copies a catalog price into a line without discount', () => {
    const price: ServicePrice = {
      masterServiceId: 2,
      serviceId: 21,
      catalog: 'WHOLE',
      size: 'M',
      category: 'PPF',
      description: 'Full Body PPF',
      durationTenths: 30,
      includes: [1, 3],
      amountCents: 510_000,
      priceSource: 'size-row',
      isCustom: false,
      wholesaleCents: 510_000,
      catalogRetailCents: 600_000,
      retailPriceCents: 650_000,
    };
    expect(createServiceLine(price)).toEqual({
      masterServiceId: 2,
      serviceId: 21,
      category: 'PPF',
      description: 'Full Body PPF',
      customDescription: null,
      amountCents: 510_000,
      discountCents: 0,
      discountPercentBps: null,
      durationTenths: 30,
      retailPriceCents: 650_000,
      includes: [1, 3],
      isCustom: false,
    });
  });
});

describe('addServiceLine: inclusion and override removal', () => {
  it.each([
    ['adds to an empty selection', [], tint, [4], []],
    ['adds an unrelated service', [fullFront], tint, [1, 4], []],
    [
      'a service including selected ones removes them',
      [fullFront, tint, partialFront],
      fullBody,
      [4, 2],
      [1, 3],
    ],
    ['removes only the included ones', [tint, fullFront], fullBody, [4, 2], [1]],
  ] as const)('%s', (_, selected, added, expectedIds, removedIds) => {
    const result = addServiceLine(selected, added);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(ids(result.lines)).toEqual(expectedIds);
    expect(ids(result.removed)).toEqual(removedIds);
    expect(result.needsCustomDetails).toBe(false);
  });

  it.each([
    ['Full Front under Full Body', [fullBody], fullFront],
    ['Partial Front under Full Body', [tint, fullBody], partialFront],
  ] as const)('refuses %s with the spec message', (_, selected, added) => {
    expect(addServiceLine(selected, added)).toEqual({
      ok: false,
      reason: 'ALREADY_INCLUDED',
      message: 'Already included in a selected service',
    });
    expect(alreadyIncludedMessage).toBe('Already included in a selected service');
  });

  it('refuses the same service twice', () => {
    expect(addServiceLine([tint], tint)).toMatchObject({ ok: false, reason: 'ALREADY_SELECTED' });
  });

  it('allows several custom lines and flags them for the custom dialog', () => {
    const first = addServiceLine([], customPending);
    expect(first).toMatchObject({ ok: true, needsCustomDetails: true });
    if (!first.ok) return;
    const second = addServiceLine(first.lines, customPending);
    expect(second).toMatchObject({ ok: true, needsCustomDetails: true });
    if (second.ok) expect(second.lines).toHaveLength(2);
  });

  it('does not mutate its input', () => {
    const selected = [fullFront, tint];
    addServiceLine(selected, fullBody);
    expect(ids(selected)).toEqual([1, 4]);
  });
});

describe('removing lines', () => {
  it('removes by index', () => {
    expect(ids(removeServiceLine([fullFront, tint, partialFront], 1))).toEqual([1, 3]);
    expect(ids(removeServiceLine([fullFront], 5))).toEqual([1]);
  });

  it('closing the custom dialog without saving removes pending custom lines only', () => {
    const done = line(5, 12_000, { isCustom: true, customDescription: 'Pinstripe', description: 'Custom' });
    expect(ids(removePendingCustomLines([fullFront, customPending, done]))).toEqual([1, 5]);
    expect(removePendingCustomLines([fullFront, customPending, done])[1]).toBe(done);
  });
});

describe('custom services', () => {
  it.each([
    [customPending, true],
    [{ ...customPending, customDescription: 'Pinstripe', amountCents: 5_000 }, false],
    [{ ...customPending, customDescription: '  ', amountCents: 5_000 }, true],
    [{ ...customPending, customDescription: 'Pinstripe', amountCents: 0 }, true],
    [{ ...customPending, customDescription: 'Pinstripe', amountCents: 5_000, durationTenths: 0 }, true],
    [fullFront, false],
  ])('isCustomPending #%# → %s', (l, expected) => {
    expect(isCustomPending(l)).toBe(expected);
  });

  it('saves description, cost and time', () => {
    const result = completeCustomService(
      customPending,
      { description: '  Pinstripe  ', costCents: 12_550, durationTenths: 5 },
      'installer',
    );
    expect(result).toEqual({
      ok: true,
      line: {
        ...customPending,
        customDescription: 'Pinstripe',
        amountCents: 12_550,
        discountCents: 0,
        durationTenths: 5,
        retailPriceCents: 12_550,
        isCustom: true,
      },
    });
    if (result.ok) expect(isCustomPending(result.line)).toBe(false);
  });

  it.each([
    [{ description: '', costCents: 100, durationTenths: 10 }, ['description']],
    [{ description: 'X', costCents: 0, durationTenths: 10 }, ['cost']],
    [{ description: 'X', costCents: 10.5, durationTenths: 10 }, ['cost']],
    [{ description: 'X', costCents: 100, durationTenths: 0 }, ['duration']],
    [{ description: ' ', costCents: Number.NaN, durationTenths: 0.5 }, ['description', 'cost', 'duration']],
  ])('refuses missing details %j → %j', (details, fields) => {
    expect(completeCustomService(customPending, details, 'installer')).toEqual({
      ok: false,
      reason: 'CUSTOM_DETAILS_REQUIRED',
      message: customServicePrompt,
      fields,
    });
    expect(customServicePrompt).toBe('Enter the Description, Cost and Time Estimate');
  });

  it('refuses dealers', () => {
    expect(
      completeCustomService(
        customPending,
        { description: 'X', costCents: 100, durationTenths: 10 },
        'dealer',
      ),
    ).toMatchObject({ ok: false, reason: 'CUSTOM_NOT_ALLOWED' });
  });

  it('keeps a percentage discount proportional to the new cost', () => {
    const discounted = setLineDiscount(customPending, { kind: 'percent', percentBps: 1_000 }, 'installer');
    if (!discounted.ok) throw new Error('discount refused');
    const result = completeCustomService(
      discounted.line,
      { description: 'Pinstripe', costCents: 12_345, durationTenths: 10 },
      'installer',
    );
    expect(result).toMatchObject({ ok: true, line: { amountCents: 12_345, discountCents: 1_235 } });
  });
});

describe('line discounts (K73)', () => {
  it.each([
    // amount in cents: 0..cost, clamped
    [10_000, { kind: 'amount', amountCents: 2_500 }, 2_500],
    [10_000, { kind: 'amount', amountCents: 0 }, 0],
    [10_000, { kind: 'amount', amountCents: 10_000 }, 10_000],
    [10_000, { kind: 'amount', amountCents: 10_001 }, 10_000],
    [10_000, { kind: 'amount', amountCents: -5 }, 0],
    [10_000, { kind: 'amount', amountCents: 1.4 }, 1],
    // percent in basis points: 0..100 %, step 0.1 %, clamped
    [10_000, { kind: 'percent', percentBps: 1_000 }, 1_000],
    [10_000, { kind: 'percent', percentBps: 10_000 }, 10_000],
    [10_000, { kind: 'percent', percentBps: 15_000 }, 10_000],
    [10_000, { kind: 'percent', percentBps: -100 }, 0],
    [10_000, { kind: 'percent', percentBps: 1_234 }, 1_230], // 12.34 % → 12.3 %
    [10_000, { kind: 'percent', percentBps: 1_235 }, 1_240], // 12.35 % → 12.4 %
    [1_999, { kind: 'percent', percentBps: 750 }, 150], // 149.925 → 150
    [333, { kind: 'percent', percentBps: 3_330 }, 111], // 33.3 % of 3.33 = 1.10889
    [10_000, { kind: 'none' }, 0],
    [0, { kind: 'amount', amountCents: 100 }, 0],
  ] as const)('cost %i, %j → %i', (cost, input, expected) => {
    expect(calculateLineDiscount(cost, input)).toBe(expected);
  });

  it('lets installers set a discount', () => {
    expect(setLineDiscount(tint, { kind: 'amount', amountCents: 50_000 }, 'installer')).toEqual({
      ok: true,
      line: { ...tint, discountCents: 40_000, discountPercentBps: null },
    });
    expect(setLineDiscount(tint, { kind: 'percent', percentBps: 2_501 }, 'installer')).toEqual({
      ok: true,
      line: { ...tint, discountCents: 10_000, discountPercentBps: 2_500 },
    });
  });

  it('refuses dealers', () => {
    expect(setLineDiscount(tint, { kind: 'amount', amountCents: 100 }, 'dealer')).toEqual({
      ok: false,
      reason: 'DISCOUNT_NOT_ALLOWED',
      message: 'Only installers may set discounts',
    });
  });

  it.each([
    [{ kind: 'amount', amountCents: Number.NaN }],
    [{ kind: 'percent', percentBps: Number.POSITIVE_INFINITY }],
  ] as const)('refuses a non-finite discount %j', (input) => {
    expect(setLineDiscount(tint, input, 'installer')).toMatchObject({
      ok: false,
      reason: 'INVALID_DISCOUNT',
    });
  });
});

describe('dealer retail price', () => {
  it.each([
    ['dealer', 55_000, { ok: true }],
    ['dealer', 0, { ok: true }],
    ['dealer', -1, { ok: false, reason: 'INVALID_RETAIL_PRICE' }],
    ['dealer', Number.NaN, { ok: false, reason: 'INVALID_RETAIL_PRICE' }],
    ['installer', 55_000, { ok: false, reason: 'RETAIL_PRICE_NOT_ALLOWED' }],
  ] as const)('%s sets %d → %j', (caller, cents, expected) => {
    const result = setLineRetailPrice(tint, cents, caller);
    expect(result).toMatchObject(expected);
    if (result.ok) expect(result.line.retailPriceCents).toBe(cents);
  });
});
