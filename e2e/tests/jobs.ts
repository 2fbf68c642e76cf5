import { expect } from '@playwright/test';
import { type Api, isoDay } from './helpers';

// Jobs made through the API for the browser specs: each spec makes its own, so no demo row that another
// spec changes matters.

/** The first catalog service of the installer for this catalog (RETAIL: estimates, WHOLE: dealer work). */
export async function firstService(
  api: Api,
  installerId: number,
  catalog: 'RETAIL' | 'WHOLE',
  dealerId?: number,
) {
  const categories = await api.call<{ category: string }[]>('GET', `/categories/${installerId}`);
  for (const { category } of categories) {
    const path =
      catalog === 'WHOLE'
        ? `/services/${installerId}/M/WHOLE/${encodeURIComponent(category)}/${dealerId}/0`
        : `/services/${installerId}/M/RETAIL/${encodeURIComponent(category)}/0`;
    const services = await api.call<{ service_id: number; is_custom: boolean }[]>('GET', path);
    const service = services.find((row) => !row.is_custom);
    if (service) return service.service_id;
  }
  throw new Error(`Installer ${installerId} has no ${catalog} service`);
}

export type Created = { requestId: number; totals: { customerTotal: number } };

/** A new installer estimate for one of the installer's customers. */
export async function createEstimate(installer: Api): Promise<Created> {
  const customers = await installer.call<{ customer_id: number }[]>(
    'GET',
    `/customerInstall/${installer.companyId}`,
  );
  expect(customers.length).toBeGreaterThan(0);
  const serviceId = await firstService(installer, installer.companyId, 'RETAIL');
  return installer.call<Created>('POST', '/requestimates/', {
    requestType: 'installer',
    requestor: customers[0]?.customer_id,
    availableDate: isoDay(1),
    currentState: 'new',
    services: [{ serviceId }],
  });
}

export async function act(api: Api, requestId: number, action: string, body: object = {}) {
  return api.call<{ currentState: string }>('POST', `/requestimates/${requestId}/actions/${action}`, body);
}

/** A new dealer request of `dealer`, assigned to `installer`, for one wholesale service on `vin`. */
export async function createDealerJob(installer: Api, dealer: Api, vin: string): Promise<Created> {
  const serviceId = await firstService(dealer, installer.companyId, 'WHOLE', dealer.companyId);
  return dealer.call<Created>('POST', '/requestimates/', {
    requestType: 'dealer',
    availableDate: isoDay(1),
    dueDate: isoDay(10),
    assignedTo: installer.companyId,
    vin,
    services: [{ serviceId }],
  });
}
