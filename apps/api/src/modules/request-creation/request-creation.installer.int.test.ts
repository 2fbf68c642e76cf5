import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { wireDollars as $, creationDay as day, startCreationSuite } from './creation.fixture';

type Json = Record<string, unknown>;

/**
 * Request creation by an installer (an estimate for a new customer, an appointment, a wholesale job for a
 * dealership), duplicates for the same vehicle, the refused roles.
 */
describe('request creation: installers, duplicates, roles', () => {
  const s = useSuite(startCreationSuite);

  it('an installer creates an estimate for a new customer and books an appointment for another', async () => {
    const invalid = [
      [
        { customerName: 'Ann Lee', customerEmailAddress: 'ann@example.test', customerPhoneNumber: '81355' },
        'Phone number must be 10 digits',
      ],
      [
        { customerName: 'Ann Lee', customerEmailAddress: 'not-an-email', customerPhoneNumber: '8135550101' },
        'Please enter a valid email address',
      ],
      [
        { customerName: '', customerEmailAddress: 'ann@example.test', customerPhoneNumber: '8135550101' },
        'Name is required',
      ],
    ] as const;
    for (const [body, message] of invalid) {
      const res = await s.call('one', 'POST', '/api/customers', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const createdCustomer = await s.call('one', 'POST', '/api/customers', {
      customerName: 'Ann Lee',
      customerEmailAddress: 'Ann@Example.test',
      customerPhoneNumber: '(813) 555-0101',
      customerAddress: '100 Main St, Tampa, FL 33602',
      customerType: 'Prospect',
      owningInstaller: s.f.one.id,
    });
    expect(createdCustomer.statusCode, createdCustomer.body).toBe(200);
    const customerId = (createdCustomer.json() as { customerId: number }).customerId;
    const customer = (await s.call('one', 'GET', `/api/customer/${customerId}`)).json() as Json;
    expect(customer).toMatchObject({
      customer_phone_number: '8135550101',
      customer_Email_Address: 'ann@example.test',
      owning_installer: s.f.one.id,
    });

    const vehicle = await s.createVehicle('one', {
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      trim: 'LE',
      bodyStyle: 'Sedan',
      usa: 1,
    });
    expect(vehicle.VIN).toMatch(/^NV\d+$/);
    const front = s.f.oneFront.row('RETAIL', 'M');
    const tint = s.f.oneTint.row('RETAIL', 'M');
    const discount = 100_00;
    const value = front.priceCents - discount + tint.priceCents;
    const estimate = await s.call('one', 'POST', '/api/requestimates/', {
      requestType: 'installer',
      customerId,
      availableDate: day(3),
      vehicleId: vehicle.id,
      currentState: 'new',
      createdType: 'installer',
      installerCatalog: 'RETAIL',
      requestTotal: $(front.priceCents + tint.priceCents),
      requestDiscount: $(discount),
      requestTaxes: $(Math.round(value * 0.075)),
      services: [
        { serviceId: front.id, serviceAmount: $(front.priceCents), serviceDiscount: $(discount) },
        { serviceId: tint.id, serviceAmount: $(tint.priceCents) },
        {
          serviceId: s.f.oneCustom.row('RETAIL', 'M').id,
          serviceAmount: 80,
          serviceDuration: 0.5,
          customDescription: 'Badge removal',
        },
      ].slice(0, 2),
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    const est = estimate.json() as { requestId: number; currentState: string; totals: Json };
    expect(est.currentState).toBe('new');
    expect(est.totals).toMatchObject({
      requestDiscount: $(discount),
      requestTaxes: $(Math.round(value * 0.075)),
    });
    const history = (await s.call('one', 'GET', `/api/requeststate/${est.requestId}`)).json() as Json[];
    expect(history.map((h) => h.requestStatus)).toEqual(['created']);
    const offers = (
      await s.call('one', 'GET', `/api/requestoffered/request/${est.requestId}`)
    ).json() as Json[];
    expect(offers.map((o) => o.currentStatus)).toEqual(['offered']);
    // A custom service: the installer's cost, description and time.
    const custom = await s.call('one', 'POST', '/api/requestService', {
      requestId: est.requestId,
      serviceId: s.f.oneCustom.row('RETAIL', 'M').id,
      serviceAmount: 80,
      serviceDuration: 0.5,
      customDescription: 'Badge removal',
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect((custom.json() as Json).custom_description).toBe('Badge removal');
    const incomplete = await s.call('one', 'POST', '/api/requestService', {
      requestId: est.requestId,
      serviceId: s.f.oneCustom.row('RETAIL', 'M').id,
    });
    expect(incomplete.statusCode).toBe(400);
    expect((incomplete.json() as Json).message).toContain('Enter the Description, Cost and Time Estimate');

    // Book an appointment for the fixture's customer: scheduled, offer scheduled, booked days, a schedule.
    const booked = await s.call('one', 'POST', '/api/requestimates/', {
      requestType: 'installer',
      requestor: s.f.customer.id,
      availableDate: day(5),
      currentState: 'scheduled',
      services: [{ serviceId: s.f.oneBody.row('RETAIL', 'M').id }],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const job = booked.json() as { requestId: number; currentState: string; totals: Json };
    expect(job.currentState).toBe('scheduled');
    expect(job.totals.requestDuration).toBe(3);
    expect(
      ((await s.call('one', 'GET', `/api/requeststate/${job.requestId}`)).json() as Json[]).map(
        (h) => h.requestStatus,
      ),
    ).toEqual(['scheduled']);
    expect(
      ((await s.call('one', 'GET', `/api/requestoffered/request/${job.requestId}`)).json() as Json[])[0]
        ?.currentStatus,
    ).toBe('scheduled');
    const calendar = (
      await s.call('one', 'GET', `/api/installerCalendarRequest/${job.requestId}`)
    ).json() as Json[];
    expect(calendar.map((c) => [c.workDate, c.workStatus])).toEqual([
      ['2025-03-08', 'booked'],
      ['2025-03-09', 'booked'],
      ['2025-03-10', 'booked'],
    ]);
    // A day booked at twice the capacity (2) is blocked for the next drop-off.
    for (let booked = 0; booked < 3; booked += 1) {
      await s.call('one', 'POST', '/api/requestimates/', {
        requestType: 'installer',
        requestor: s.f.customer.id,
        availableDate: day(5),
        currentState: 'scheduled',
        services: [{ serviceId: front.id }],
      });
    }
    const full = await s.call('one', 'POST', '/api/requestimates/', {
      requestType: 'installer',
      requestor: s.f.customer.id,
      availableDate: day(5),
      currentState: 'scheduled',
    });
    expect(full.statusCode).toBe(409);
    expect((full.json() as Json).message).toBe(
      'Drop-off date 2025-03-08 is fully booked (twice the daily capacity)',
    );
    // Drop-off before today is refused; another installer's customer is refused.
    expect(
      (
        await s.call('one', 'POST', '/api/requestimates/', {
          requestType: 'installer',
          requestor: s.f.customer.id,
          availableDate: day(-2),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await s.call('two', 'POST', '/api/requestimates/', {
          requestType: 'installer',
          requestor: s.f.customer.id,
          availableDate: day(3),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('an installer creates a job for one of its dealerships at wholesale, without tax', async () => {
    const front = s.f.oneFront.row('WHOLE', 'M');
    const res = await s.call('one', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      requestor: s.f.sun.id,
      availableDate: day(10),
      services: [{ serviceId: front.id, serviceAmount: $(front.priceCents) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      currentState: 'scheduled',
      assignedTo: s.f.one.id,
      totals: { requestTaxes: 0, requestTotal: $(front.priceCents) },
    });
    // Not a dealership of Two's.
    expect(
      (
        await s.call('two', 'POST', '/api/requestimates/', {
          requestType: 'dealer',
          requestor: s.f.sun.id,
          availableDate: day(10),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('finds existing estimates and jobs for the same vehicle', async () => {
    const vin = '5YJ3E1EA8LF612345';
    await s.createVehicle('dealer', { year: 2020, make: 'Tesla', model: 'Model 3', vin });
    const created = await s.call('dealer', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      assignedTo: s.f.one.id,
      availableDate: day(1),
      vin,
    });
    expect(created.statusCode, created.body).toBe(200);
    const byVin = (
      await s.call('dealer', 'POST', '/api/requests/check-duplicate', {
        year: 2020,
        make: 'Tesla',
        model: 'Model 3',
        vin,
        userType: 'dealer',
      })
    ).json() as Json[];
    expect(byVin).toHaveLength(1);
    expect(byVin[0]).toMatchObject({ current_state: 'new', matchedBy: 'vin', available_date: day(1) });
    const byModel = (
      await s.call('dealer', 'POST', '/api/requests/check-duplicate', {
        year: 2020,
        make: 'tesla',
        model: 'MODEL 3',
      })
    ).json() as Json[];
    expect(byModel.map((d) => d.matchedBy)).toEqual(['vehicle']);
    // Another dealership's request is not its duplicate.
    expect((await s.call('bay', 'POST', '/api/requests/check-duplicate', { vin })).json()).toEqual([]);
  });

  it('refuses ASSIST users and other roles', async () => {
    const res = await s.call('assist', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      availableDate: day(1),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await s.call('assist', 'POST', '/api/requestService', { requestId: 1, serviceId: 1 })).statusCode,
    ).toBe(403);
    expect(
      (
        await s.call('dealer', 'POST', '/api/requestimates/', {
          requestType: 'installer',
          availableDate: day(1),
        })
      ).statusCode,
    ).toBe(403);
    // Bay is in preferred mode for PPF (it prefers Two only): One cannot be chosen for PPF work, but can for tint.
    const ppfLine = { serviceId: s.f.oneFront.row('WHOLE', 'M').id };
    const refused = await s.call('bay', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      assignedTo: s.f.one.id,
      availableDate: day(1),
      services: [ppfLine],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as Json).message).toBe(
      'Pricing validation failed: Service 1: One Film does not offer PPF to your dealership',
    );
    const open = await s.call('bay', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      assignedTo: s.f.one.id,
      availableDate: day(1),
    });
    expect(open.statusCode, open.body).toBe(200);
    const requestId = (open.json() as Json).requestId;
    const line = await s.call('bay', 'POST', '/api/requestService', { requestId, ...ppfLine });
    expect(line.statusCode).toBe(400);
    expect((line.json() as Json).message).toBe(
      'Pricing validation failed: Service 1: One Film does not offer PPF to your dealership',
    );
    const tintLine = await s.call('bay', 'POST', '/api/requestService', {
      requestId,
      serviceId: s.f.oneTint.row('WHOLE', 'M').id,
    });
    expect(tintLine.statusCode, tintLine.body).toBe(200);
    // Far Away (200+ miles) takes no work from Sun.
    const far = await s.call('dealer', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      assignedTo: s.f.far.id,
      availableDate: day(1),
    });
    expect(far.statusCode).toBe(403);
  });
});
