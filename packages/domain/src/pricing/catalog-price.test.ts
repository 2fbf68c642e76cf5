import { describe, expect, it } from 'vitest';
import {
  type CatalogPriceRow,
  type CatalogService,
  listServicePrices,
  resolveServicePrice,
  type ServiceCatalog,
  selectCatalogType,
} from './catalog-price';

type Prices = { L: number; M: number; S: number };

let nextRowId = 100;
function rows(retail: Partial<Prices>, wholesale: Partial<Prices> | null): CatalogPriceRow[] {
  const result: CatalogPriceRow[] = [];
  for (const [catalog, prices] of [
    ['RETAIL', retail],
    ['WHOLE', wholesale],
  ] as const) {
    if (!prices) continue;
    for (const size of ['L', 'M', 'S'] as const) {
      const price = prices[size];
      if (price !== undefined) result.push({ serviceId: nextRowId++, catalog, size, priceCents: price });
    }
  }
  return result;
}

function service(
  masterServiceId: number,
  category: string,
  description: string,
  retail: Partial<Prices>,
  wholesale: Partial<Prices> | null,
  includes: number[] = [],
): CatalogService {
  return {
    masterServiceId,
    category,
    description,
    durationTenths: 10,
    includes,
    rows: rows(retail, wholesale),
  };
}

const fullFront = service(
  1,
  'PPF',
  'Full Front PPF',
  { L: 220_000, M: 190_000, S: 170_000 },
  {
    L: 187_000,
    M: 161_500,
    S: 144_500,
  },
);
const fullBody = service(
  2,
  'PPF',
  'Full Body PPF',
  { L: 700_000, M: 600_000, S: 550_000 },
  {
    L: 595_000,
    M: 510_000,
    S: 467_500,
  },
  [1, 3],
);
const partialFront = service(3, 'PPF', 'Partial Front PPF', { M: 99_900 }, { M: 84_900 });
const tint = service(
  4,
  'Glass/Tint',
  'Ceramic Window Tint (all sides)',
  { L: 45_000, M: 40_000, S: 35_000 },
  null,
);
const custom = service(5, 'Other Services', 'Custom', { L: 0, M: 0, S: 0 }, { L: 0, M: 0, S: 0 });
const noRetailM = service(6, 'Paint', 'Bumper Respray', { L: 60_000 }, { L: 50_000, M: 45_000 });

function rowId(s: CatalogService, catalog: 'RETAIL' | 'WHOLE', size: 'S' | 'M' | 'L'): number {
  const row = s.rows.find((r) => r.catalog === catalog && r.size === size);
  if (!row) throw new Error('no row');
  return row.serviceId;
}

const TRIM = 77;
const OTHER_TRIM = 78;
const catalog: ServiceCatalog = {
  services: [fullFront, fullBody, partialFront, tint, custom, noRetailM],
  trimOverrides: [
    { serviceId: rowId(fullFront, 'RETAIL', 'M'), trimId: TRIM, priceCents: 245_000 },
    { serviceId: rowId(fullFront, 'WHOLE', 'M'), trimId: TRIM, priceCents: 130_000 },
    { serviceId: rowId(fullBody, 'RETAIL', 'L'), trimId: TRIM, priceCents: 1 },
  ],
};

describe('selectCatalogType', () => {
  it.each([
    ['installer', 'installer', 'RETAIL'],
    ['installer', 'dealer', 'WHOLE'],
    ['dealer', 'dealer', 'WHOLE'],
  ] as const)('%s pricing %s work uses %s', (caller, requestType, expected) => {
    expect(selectCatalogType(caller, requestType)).toEqual({ ok: true, catalog: expected });
  });

  it('refuses a dealer pricing retail work', () => {
    expect(selectCatalogType('dealer', 'installer')).toMatchObject({
      ok: false,
      reason: 'CATALOG_NOT_ALLOWED',
    });
  });
});

describe('resolveServicePrice', () => {
  it.each([
    // caller, requestType, size, trim, amount, source, retailPrice
    ['installer', 'installer', 'M', null, 190_000, 'size-row', 190_000],
    ['installer', 'installer', 'L', null, 220_000, 'size-row', 220_000],
    ['installer', 'installer', 'S', null, 170_000, 'size-row', 170_000],
    ['installer', 'installer', undefined, null, 190_000, 'size-row', 190_000], // default M
    ['installer', 'installer', 'M', TRIM, 245_000, 'trim-override', 245_000],
    ['installer', 'installer', 'M', OTHER_TRIM, 190_000, 'size-row', 190_000],
    ['installer', 'installer', 'L', TRIM, 220_000, 'size-row', 220_000], // override is on the M row only
    ['installer', 'dealer', 'M', null, 161_500, 'size-row', 190_000],
    ['installer', 'dealer', 'M', TRIM, 130_000, 'trim-override', 245_000],
    ['dealer', 'dealer', 'M', null, 161_500, 'size-row', 190_000],
    ['dealer', 'dealer', 'S', null, 144_500, 'size-row', 170_000],
    ['dealer', 'dealer', 'M', TRIM, 130_000, 'trim-override', 245_000],
  ] as const)(
    '%s on %s work, size %s, trim %s → %i (%s)',
    (caller, requestType, size, trimId, amount, source, retail) => {
      const result = resolveServicePrice(catalog, { masterServiceId: 1, caller, requestType, size, trimId });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.price.amountCents).toBe(amount);
      expect(result.price.priceSource).toBe(source);
      expect(result.price.retailPriceCents).toBe(retail);
      expect(result.price.catalog).toBe(requestType === 'dealer' ? 'WHOLE' : 'RETAIL');
      expect(result.price.wholesaleCents).toBe(requestType === 'dealer' ? amount : null);
    },
  );

  it('gives a dealer the wholesale and retail prices of the row it is priced from', () => {
    const result = resolveServicePrice(catalog, {
      masterServiceId: 1,
      caller: 'dealer',
      requestType: 'dealer',
      size: 'M',
    });
    expect(result).toEqual({
      ok: true,
      price: {
        masterServiceId: 1,
        serviceId: rowId(fullFront, 'WHOLE', 'M'),
        catalog: 'WHOLE',
        size: 'M',
        category: 'PPF',
        description: 'Full Front PPF',
        durationTenths: 10,
        includes: [],
        amountCents: 161_500,
        priceSource: 'size-row',
        isCustom: false,
        wholesaleCents: 161_500,
        catalogRetailCents: 190_000,
        retailPriceCents: 190_000,
      },
    });
  });

  it.each([
    [250_000, 250_000],
    [0, 0],
    [null, 190_000],
  ])('dealer retail override %j → retail price %i, amount stays wholesale', (override, retail) => {
    const result = resolveServicePrice(catalog, {
      masterServiceId: 1,
      caller: 'dealer',
      requestType: 'dealer',
      retailPriceOverrideCents: override,
    });
    expect(result).toMatchObject({
      ok: true,
      price: { amountCents: 161_500, retailPriceCents: retail, catalogRetailCents: 190_000 },
    });
  });

  it.each([
    ['installer', 'installer', 100, 'RETAIL_PRICE_NOT_ALLOWED'],
    ['installer', 'dealer', 100, 'RETAIL_PRICE_NOT_ALLOWED'],
    ['dealer', 'dealer', -1, 'INVALID_RETAIL_PRICE'],
    ['dealer', 'dealer', Number.NaN, 'INVALID_RETAIL_PRICE'],
    ['dealer', 'dealer', 10.5, 'INVALID_RETAIL_PRICE'],
  ] as const)('%s on %s work with retail override %d → %s', (caller, requestType, override, reason) => {
    expect(
      resolveServicePrice(catalog, {
        masterServiceId: 1,
        caller,
        requestType,
        retailPriceOverrideCents: override,
      }),
    ).toMatchObject({ ok: false, reason });
  });

  it.each([
    // a size without a row is not offered
    [3, 'installer', 'installer', 'L', 'NOT_OFFERED'],
    [3, 'dealer', 'dealer', 'S', 'NOT_OFFERED'],
    // retail-only service: not offered as dealer work
    [4, 'dealer', 'dealer', 'M', 'NOT_OFFERED'],
    [4, 'installer', 'dealer', 'M', 'NOT_OFFERED'],
    [6, 'installer', 'installer', 'M', 'NOT_OFFERED'],
    [99, 'installer', 'installer', 'M', 'UNKNOWN_SERVICE'],
    [1, 'dealer', 'installer', 'M', 'CATALOG_NOT_ALLOWED'],
  ] as const)(
    'service %i, %s on %s work, size %s → %s',
    (masterServiceId, caller, requestType, size, reason) => {
      expect(resolveServicePrice(catalog, { masterServiceId, caller, requestType, size })).toMatchObject({
        ok: false,
        reason,
      });
    },
  );

  it('offers dealer work without a retail row, with no catalog retail price', () => {
    expect(
      resolveServicePrice(catalog, {
        masterServiceId: 6,
        caller: 'dealer',
        requestType: 'dealer',
        size: 'M',
      }),
    ).toMatchObject({
      ok: true,
      price: { amountCents: 45_000, catalogRetailCents: null, retailPriceCents: null },
    });
  });

  it('marks a service priced 0 as custom', () => {
    expect(
      resolveServicePrice(catalog, { masterServiceId: 5, caller: 'installer', requestType: 'installer' }),
    ).toMatchObject({ ok: true, price: { amountCents: 0, isCustom: true } });
  });

  it('lets a trim override of 1 cent win over the size row', () => {
    expect(
      resolveServicePrice(catalog, {
        masterServiceId: 2,
        caller: 'installer',
        requestType: 'installer',
        size: 'L',
        trimId: TRIM,
      }),
    ).toMatchObject({ ok: true, price: { amountCents: 1, priceSource: 'trim-override', includes: [1, 3] } });
  });
});

describe('listServicePrices', () => {
  const ids = (prices: { masterServiceId: number }[]) => prices.map((p) => p.masterServiceId);

  it.each([
    ['installer', 'installer', 'M', null, [1, 2, 3, 4, 5]],
    ['installer', 'installer', 'L', null, [1, 2, 4, 5, 6]],
    ['installer', 'dealer', 'M', null, [1, 2, 3, 5, 6]],
    ['dealer', 'dealer', 'M', null, [1, 2, 3, 6]], // no custom for dealers, no retail-only tint
    ['dealer', 'dealer', 'M', 'PPF', [1, 2, 3]],
    ['installer', 'installer', 'S', 'Glass/Tint', [4]],
    ['dealer', 'installer', 'M', null, []],
  ] as const)('%s on %s work, size %s, category %s → %j', (caller, requestType, size, category, expected) => {
    expect(ids(listServicePrices(catalog, { caller, requestType, size, category }))).toEqual(expected);
  });

  it('applies trim overrides in the list', () => {
    const prices = listServicePrices(catalog, { caller: 'dealer', requestType: 'dealer', trimId: TRIM });
    expect(prices.find((p) => p.masterServiceId === 1)).toMatchObject({
      amountCents: 130_000,
      retailPriceCents: 245_000,
    });
  });
});
