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
