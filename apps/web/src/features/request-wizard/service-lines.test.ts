import type { TRequestService } from '@app/contracts/service-requests.contract';
import { customServicePrompt } from '@app/domain/pricing/service-selection';
import { describe, expect, it } from 'vitest';
import { buildCatalogService } from './request-wizard.fixtures';
import {
  applyDiscount,
  dropPendingCustom,
  isPendingCustom,
  quoteOf,
  saveCustomDetails,
  servicesFromPreviousJob,
  toLineInput,
} from './service-lines';
import type { SelectedService } from './wizard-rules';

const line = (cost: number, extra: Partial<SelectedService> = {}): SelectedService => ({
  service: buildCatalogService({ service_id: 9, description: 'Bumper Repaint', service_cost: cost }),
  retailPrice: null,
  ...extra,
});
const custom = () =>
  line(0, {
    service: buildCatalogService({
      service_id: 40,
      master_service_id: 400,
      description: 'Custom Work',
      service_cost: 0,
      is_custom: true,
    }),
  });

describe('service discount (installers; amount or percent, clamped by the domain rule)', () => {
  it.each([
    ['an amount inside the range', { kind: 'amount', dollars: 50 }, 50, null],
    // 4.35 * 100 and 1.15 * 100 are not whole numbers in floating point.
    ['an amount with cents, exactly', { kind: 'amount', dollars: 4.35 }, 4.35, null],
    ['another amount with cents, exactly', { kind: 'amount', dollars: 1.15 }, 1.15, null],
    ['an amount above the cost is clamped to the cost', { kind: 'amount', dollars: 999 }, 484.5, null],
    ['a negative amount is clamped to 0', { kind: 'amount', dollars: -5 }, null, null],
    ['a percent of the cost, rounded half up to a cent', { kind: 'percent', percent: 10 }, 48.45, 10],
    ['a percent above 100 is clamped to 100', { kind: 'percent', percent: 150 }, 484.5, 100],
    ['a percent is stepped to 0.1', { kind: 'percent', percent: 12.34 }, 59.59, 12.3],
    ['none removes the discount', { kind: 'none' }, null, null],
  ] as const)('%s', (_name, entry, discount, percent) => {
    const result = applyDiscount(line(484.5, { discount: 20 }), entry);
    expect(result.discount ?? null).toBe(discount);
    expect(result.discountPercent ?? null).toBe(percent);
  });

  it('sends a percent discount as a percent and an amount as an amount', () => {
    const percent = applyDiscount(line(100), { kind: 'percent', percent: 15 });
    expect(toLineInput(percent, 'installer')).toEqual({ serviceId: 9, serviceDiscountPercent: 15 });
    const amount = applyDiscount(line(100), { kind: 'amount', dollars: 12.5 });
    expect(toLineInput(amount, 'installer')).toEqual({ serviceId: 9, serviceDiscount: 12.5 });
    // Dealers never send a discount, only their retail price.
    expect(toLineInput({ ...amount, retailPrice: 130 }, 'dealer')).toEqual({
      serviceId: 9,
      retailPrice: 130,
    });
  });
});

describe('custom service (cost 0 opens the dialog)', () => {
  it('is pending until description, cost and time are saved; pending lines are dropped on close', () => {
    expect(isPendingCustom(custom())).toBe(true);
    expect(isPendingCustom(line(100))).toBe(false);
    expect(dropPendingCustom([line(100), custom()]).map((s) => s.service.service_id)).toEqual([9]);
  });

  it.each([
    ['no description', { description: ' ', cost: 80, durationDays: 1 }, ['description']],
    ['a cost of 0', { description: 'Badge removal', cost: 0, durationDays: 1 }, ['cost']],
    ['no time', { description: 'Badge removal', cost: 80, durationDays: null }, ['duration']],
    ['nothing', { description: '', cost: null, durationDays: 0 }, ['description', 'cost', 'duration']],
  ] as const)('refuses %s with the dialog prompt', (_name, draft, fields) => {
    const result = saveCustomDetails(custom(), draft);
    expect(result).toEqual({ ok: false, message: customServicePrompt, fields });
  });

  it('saves the details and sends them with the line', () => {
    const result = saveCustomDetails(custom(), {
      description: ' Badge removal ',
      cost: 80,
      durationDays: 0.5,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.service.custom).toEqual({ description: 'Badge removal', cost: 80, durationDays: 0.5 });
    expect(isPendingCustom(result.service)).toBe(false);
    expect(toLineInput(result.service, 'installer')).toEqual({
      serviceId: 40,
      customDescription: 'Badge removal',
      serviceAmount: 80,
      serviceDuration: 0.5,
    });
    const quote = quoteOf(
      [result.service, applyDiscount(line(100), { kind: 'percent', percent: 10 })],
      'installer',
    );
    expect(quote.originalTotal).toBe(18_000);
    expect(quote.totalDiscount).toBe(1_000);
    expect(quote.totalDuration).toBe(15);
  });
});

describe('services from a previous job', () => {
  const previous = (over: Partial<TRequestService>): TRequestService => ({
    service_id: 1,
    requestId: 77,
    catalog_service_id: 1,
    master_service_id: 100,
    position: 0,
    service_category: 'PPF',
    description: 'Full Front PPF',
    custom_description: null,
    service_amount: 1900,
    service_cost: 1900,
    service_discount: 0,
    service_fee: 95,
    retail_price: null,
    service_duration: 1,
    duration_days: 1,
    service_state: 'finished',
    service_date: null,
    materials: null,
    template: null,
    ...over,
  });
  const catalog = [
    buildCatalogService({
      service_id: 11,
      master_service_id: 100,
      description: 'Full Front PPF',
      service_cost: 2000,
    }),
    buildCatalogService({
      service_id: 12,
      master_service_id: 200,
      description: 'Ceramic Tint',
      service_cost: 600,
    }),
    buildCatalogService({
      service_id: 13,
      master_service_id: 400,
      description: 'Custom Work',
      service_cost: 0,
      is_custom: true,
    }),
  ];

  it('prices the lines again from the current catalog, keeps custom details and lists what is not offered', () => {
    const lines = [
      previous({
        position: 2,
        master_service_id: 400,
        description: 'Custom Work',
        custom_description: 'Badge removal',
        service_amount: 80,
        service_duration: 0.5,
      }),
      previous({ position: 0 }),
      previous({ position: 1, master_service_id: 999, description: 'Wheel Coating' }),
    ];
    const installer = servicesFromPreviousJob(lines, catalog, 'installer');
    expect(
      installer.services.map((s) => [s.service.service_id, s.service.service_cost, s.custom ?? null]),
    ).toEqual([
      [11, 2000, null],
      [13, 0, { description: 'Badge removal', cost: 80, durationDays: 0.5 }],
    ]);
    expect(installer.skipped).toEqual(['Wheel Coating']);
    // Dealers never price custom work.
    expect(servicesFromPreviousJob(lines, catalog, 'dealer').skipped).toEqual([
      'Wheel Coating',
      'Badge removal',
    ]);
  });

  it("matches another specialist's catalog (or 'Any') by category and description", () => {
    const other = [
      buildCatalogService({
        service_id: 31,
        master_service_id: 18,
        service_category: 'PPF',
        description: 'Full Front PPF',
        service_cost: 1700,
      }),
      buildCatalogService({
        service_id: 32,
        master_service_id: 19,
        service_category: 'Glass/Tint',
        description: 'Full Front PPF',
        service_cost: 5,
      }),
    ];
    const loaded = servicesFromPreviousJob([previous({ master_service_id: 1 })], other, 'dealer');
    expect(loaded.services.map((s) => [s.service.service_id, s.service.service_cost])).toEqual([[31, 1700]]);
    expect(loaded.skipped).toEqual([]);
  });
});
