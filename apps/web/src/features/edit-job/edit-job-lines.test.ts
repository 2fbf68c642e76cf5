import type { TEditJobContext } from '@app/contracts/edit-job.contract';
import type { TRequestimate, TRequestService } from '@app/contracts/service-requests.contract';
import { describe, expect, it } from 'vitest';
import { buildService } from '../service-requests/service-requests.fixtures';
import { canOfferEditJob, linesFromSelection, selectionFromLines } from './edit-job-lines';

/** The job's PPF line as the service-requests fixtures build it. */
const ppfLine = {
  service_id: 11,
  catalog_service_id: 301,
  master_service_id: 31,
  position: 0,
  service_category: 'PPF',
  description: 'Full Front PPF',
  service_amount: 1900,
  service_fee: 95,
  retail_price: 1900,
};
const line = (over: Partial<TRequestService>): TRequestService => buildService({ ...ppfLine, ...over });

const context = (services: TRequestService[], pricingMode: 'dealer' | 'installer' = 'installer') =>
  ({
    requestId: 7,
    version: 3,
    services,
    pricingMode,
    catalog: 'RETAIL',
    catalogInstallerId: 5,
    size: 'M',
    trimId: null,
    dealerId: null,
  }) as unknown as TEditJobContext;

describe('edit job lines', () => {
  it('keeps stored lines by their line id and sends new ones as the wizards do', () => {
    const ctx = context([
      line({ service_discount: 100 }),
      line({
        service_id: 12,
        position: 1,
        catalog_service_id: null,
        custom_description: 'Badge removal',
        service_amount: 80,
        duration_days: 0.5,
      }),
    ]);
    const { services, lineIds } = selectionFromLines(ctx);
    expect(services.map((s) => s.service.service_id)).toEqual([301, -12]);
    expect(services[1]?.custom).toEqual({ description: 'Badge removal', cost: 80, durationDays: 0.5 });
    const added = { ...services[0]!, service: { ...services[0]!.service, service_id: 402 }, discount: null };
    expect(linesFromSelection([...services, added], lineIds, 'installer')).toEqual(
      [
        { lineId: 11, serviceDiscount: 100 },
        { lineId: 12, customDescription: 'Badge removal', serviceAmount: 80, serviceDuration: 0.5 },
        { serviceId: 402, customDescription: undefined },
      ].map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined))),
    );
  });

  it('a dealer keeps the retail price it set', () => {
    const { services, lineIds } = selectionFromLines(context([line({ retail_price: 2400 })], 'dealer'));
    expect(linesFromSelection(services, lineIds, 'dealer')).toEqual([{ lineId: 11, retailPrice: 2400 }]);
  });

  it('offers EDIT JOB to a dealer on its new request and to the installer doing the work', () => {
    const request = (over: Partial<TRequestimate>) =>
      ({ requestType: 'dealer', currentState: 'new', requestor: 2, assignedTo: 5, ...over }) as TRequestimate;
    const dealer = { userType: 'dealer' as const, companyId: 2 };
    const installer = { userType: 'installer' as const, companyId: 5 };
    expect(canOfferEditJob(dealer, request({}))).toBe(true);
    expect(canOfferEditJob(dealer, request({ currentState: 'scheduled' }))).toBe(false);
    expect(canOfferEditJob(installer, request({ currentState: 'scheduled' }))).toBe(true);
    expect(canOfferEditJob(installer, request({ currentState: 'finished' }))).toBe(false);
    expect(canOfferEditJob(installer, request({ assignedTo: 0 }))).toBe(false);
    expect(
      canOfferEditJob(installer, request({ requestType: 'installer', requestor: 5, assignedTo: 0 })),
    ).toBe(true);
  });
});
