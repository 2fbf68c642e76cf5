import type { TCatalogService } from '@app/contracts/catalog.contract';

export function buildCatalogService(overrides: Partial<TCatalogService> = {}): TCatalogService {
  return {
    service_id: 1,
    master_service_id: 1,
    service_category: 'Paint',
    description: 'Bumper Repaint',
    service_cost: 484.5,
    service_amount: 484.5,
    service_discount: 0,
    service_discount_percent: 0,
    duration_days: 1,
    installer_category: 'Paint',
    installer_id: 3,
    installer_name: 'Elite Auto Film',
    market_size: null,
    overrides: '',
    vehicle_size: 'M',
    data_collect: '',
    wholesale_price: 484.5,
    retail_price: 570,
    custom_description: null,
    catalog: 'WHOLE',
    price_source: 'size-row',
    is_custom: false,
    ...overrides,
  };
}

export const FIXTURE_VIN = '1HGCM82633A004352';

/** One decoded VIN as GET /vin/ answers it (a 2003 Honda Accord EX, size M, trim id 3). */
export function buildVinReply(vin = FIXTURE_VIN) {
  return {
    Count: 1,
    Message: '',
    SearchCriteria: vin,
    Results: [
      {
        VIN: vin,
        ModelYear: '2003',
        Make: 'HONDA',
        Model: 'Accord',
        Series: '',
        Series2: '',
        Trim: 'EX',
        Trim2: '',
        BodyClass: 'Sedan',
        Doors: '4',
        Manufacturer: 'HONDA',
        ErrorCode: '0',
        ErrorText: '',
        id_car_make: 1,
        id_car_model: 2,
        id_car_trim: 3,
        make_name: 'Honda',
        model_name: 'Accord',
        trim_name: 'EX',
        body_style: null,
        size: 'M',
        id_car_type: 'M',
        matchType: 'exact',
        makeScore: 1,
        modelScore: 1,
        trimScore: 1,
        decoder: 'corgi',
      },
    ],
  };
}
