import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import {
  wireDollars as $,
  creationDay as day,
  requestFee as fee,
  startCreationSuite,
} from './creation.fixture';

type Json = Record<string, unknown>;

/**
 * Request creation by a dealer through the documented calls: to any specialist with the server's totals,
 * the documented sequence (create, then each line), and the refusals of totals and prices the catalog does
 * not give; the SMS and e-mail through the outbox (after the requests above queued theirs). The installer's
 * estimates and jobs are in request-creation.installer.int.test.ts.
 */
describe('request creation: dealers', () => {
  const s = useSuite(startCreationSuite);

  it('a dealer sends a request with two services to any specialist; the matched specialists see the server totals', async () => {
    const vehicle = await s.createVehicle('dealer', { ...s.f.f150, vin: '1FTEW1EP4KFA12345' });
    expect(vehicle.size).toBe('L');
    // 'Any (N)': the specialists of both categories for this dealer.
    const ppfList = (
      await s.call('dealer', 'GET', `/api/installerProximity/${s.f.sun.id}/PPF`)
    ).json() as Json[];
    expect(ppfList.map((i) => i.Installer_Name)).toEqual(['One Film', 'Two Film']);
    // The merged "Any" catalog: the lowest wholesale price per service (Two's).
    const ppf = (
      await s.call('dealer', 'GET', `/api/services/0/L/WHOLE/PPF/${s.f.sun.id}/0`)
    ).json() as Json[];
    const tint = (
      await s.call(
        'dealer',
        'GET',
        `/api/services/0/L/WHOLE/${encodeURIComponent('Glass/Tint')}/${s.f.sun.id}/0`,
      )
    ).json() as Json[];
    const front = ppf.find((p) => p.description === 'Full Front PPF') as Json;
    const ceramic = tint.find((p) => p.description === 'Ceramic Tint') as Json;
    expect(front.service_id).toBe(s.f.twoFront.row('WHOLE', 'L').id);
    expect(front.service_cost).toBe($(s.f.twoFront.row('WHOLE', 'L').priceCents));
    expect(front.retail_price).toBe(2000);
    // Lowest among the specialists the dealer may use for tint: Tint Only (Far Away is 200+ miles off).
    expect(ceramic.installer_id).toBe(s.f.tint.id);
    const amounts = [s.f.twoFront.row('WHOLE', 'L').priceCents, (ceramic.service_cost as number) * 100];
    const total = amounts[0]! + amounts[1]!;
    const res = await s.call('dealer', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      requestor: s.f.sun.id,
      assignedTo: 0,
      availableDate: day(1),
      dueDate: day(4),
      vin: vehicle.VIN,
      currentState: 'new',
      createdType: 'dealer',
      installerCatalog: 'WHOLE',
      stock_number: 'S25-100',
      deal_number: 'D-200',
      requestTotal: $(total),
      requestDiscount: 0,
      requestFee: $(fee(amounts[0]!) + fee(amounts[1]!)),
      requestTaxes: 0,
      requestDuration: 1.5,
      noteText: 'Customer waiting',
      services: [
        { serviceId: front.service_id, serviceAmount: front.service_cost, retailPrice: 2400 },
        { serviceId: ceramic.service_id, serviceAmount: ceramic.service_cost },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as {
      requestId: number;
      totals: Json;
      services: Json[];
      totalsPending: boolean;
    };
    expect(created.totalsPending).toBe(false);
    expect(created.totals).toMatchObject({
      requestTotal: $(total),
      requestDiscount: 0,
      requestTaxes: 0,
      requestDuration: 1.5,
      serviceRequested: 'PPF - Full Front PPF + 1',
    });
    expect(created.services[0]?.retailPrice).toBe(2400);

    const matched = await s.call('dealer', 'GET', `/api/matchAll/?Id=${created.requestId}`);
    expect(matched.statusCode, matched.body).toBe(200);
    const offers = (matched.json() as { offers: Json[] }).offers;
    expect(offers.map((o) => o.Installer_Name).sort()).toEqual(['One Film', 'Two Film']);
    expect(offers.every((o) => o.currentStatus === 'offered')).toBe(true);
    // Calling again adds nothing.
    expect(
      ((await s.call('dealer', 'GET', `/api/matchAll/?Id=${created.requestId}`)).json() as Json).matched,
    ).toBe(0);

    for (const who of ['one', 'two']) {
      const seen = await s.call(who, 'GET', `/api/requestimates/requestbyID/?Id=${created.requestId}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({
        requestTotal: $(total),
        requestFee: $(fee(amounts[0]!) + fee(amounts[1]!)),
        offerState: 'offered',
      });
    }
    for (const who of ['tint', 'far']) {
      expect(
        (await s.call(who, 'GET', `/api/requestimates/requestbyID/?Id=${created.requestId}`)).statusCode,
      ).toBe(404);
    }
    const mail = await s.call('dealer', 'GET', `/api/sendemailreq/${created.requestId}`);
    expect(mail.json()).toMatchObject({ success: true, queued: 2 });
  });

  it('the documented sequence (create, then each line) ends with the server totals', async () => {
    const res = await s.call('dealer', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      requestor: s.f.sun.id,
      assignedTo: s.f.one.id,
      availableDate: day(2),
      dueDate: day(5),
      vin: 'NV1700000000000',
      requestTotal: 99999, // not stored: the lines decide
      serviceRequested: 'PPF - Full Front PPF + 1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { requestId, totalsPending, totals } = res.json() as {
      requestId: number;
      totalsPending: boolean;
      totals: Json;
    };
    expect(totalsPending).toBe(true);
    expect(totals.requestTotal).toBe(0);
    expect(
      (await s.call('dealer', 'POST', '/api/requestnotes/', { requestId, noteText: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (await s.call('dealer', 'POST', '/api/requestnotes/', { requestId, noteText: 'Keys at desk' }))
        .statusCode,
    ).toBe(200);

    const front = s.f.oneFront.row('WHOLE', 'M');
    const tint = s.f.oneTint.row('WHOLE', 'M');
    const first = await s.call('dealer', 'POST', '/api/requestService', {
      requestId,
      serviceId: front.id,
      serviceAmount: $(front.priceCents),
      serviceValue: $(front.priceCents),
      serviceFee: $(fee(front.priceCents)),
      serviceDiscount: 0,
      serviceState: 'new',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { totals: Json }).totals.requestTotal).toBe($(front.priceCents));
    const second = await s.call('dealer', 'POST', '/api/requestService', {
      requestId,
      serviceId: tint.id,
      serviceAmount: $(tint.priceCents),
    });
    expect(second.statusCode, second.body).toBe(200);
    const sum = front.priceCents + tint.priceCents;
    expect((second.json() as { totals: Json }).totals).toMatchObject({
      requestTotal: $(sum),
      requestFee: $(fee(front.priceCents) + fee(tint.priceCents)),
      requestTaxes: 0,
      requestDuration: 1.5,
    });
    // The same service again is a conflict; a service the selected one includes is refused.
    expect(
      (await s.call('dealer', 'POST', '/api/requestService', { requestId, serviceId: tint.id })).statusCode,
    ).toBe(409);
    const stored = (
      await s.call('dealer', 'GET', `/api/requestimates/requestbyID/?Id=${requestId}`)
    ).json() as Json;
    expect(stored).toMatchObject({
      requestTotal: $(sum),
      requestDuration: 1.5,
      serviceRequested: 'PPF - Full Front PPF + 1',
    });
    // The chosen specialist gets its offer from /matchA/.
    const matched = (await s.call('dealer', 'GET', `/api/matchA/?Id=${requestId}`)).json() as {
      offers: Json[];
    };
    expect(matched.offers.map((o) => o.installerId)).toEqual([s.f.one.id]);
    // Full Body PPF includes Full Front PPF: adding it removes that line.
    const body = s.f.oneBody.row('WHOLE', 'M');
    const bigger = await s.call('dealer', 'POST', '/api/requestService', { requestId, serviceId: body.id });
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect((bigger.json() as { removedLineIds: number[] }).removedLineIds).toHaveLength(1);
    expect((bigger.json() as { totals: Json }).totals.requestTotal).toBe(
      $(body.priceCents + tint.priceCents),
    );
    const included = await s.call('dealer', 'POST', '/api/requestService', {
      requestId,
      serviceId: front.id,
    });
    expect(included.statusCode).toBe(400);
    expect(included.json()).toMatchObject({ message: 'Already included in a selected service' });
  });

  /** A dealer request to One for tomorrow, without services: what the refusal tests add to. */
  const toOne = () => ({ requestType: 'dealer', assignedTo: s.f.one.id, availableDate: day(1) });

  it('refuses a creation whose totals disagree with the catalog, storing nothing', async () => {
    const before = await Promise.all(
      ['service_requests', 'request_services', 'request_state_history'].map(s.count),
    );
    const front = s.f.oneFront.row('WHOLE', 'M');
    const base = toOne();
    const res = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      requestTotal: $(front.priceCents) + 0.02,
      requestFee: $(fee(front.priceCents)),
      services: [{ serviceId: front.id, serviceAmount: $(front.priceCents) }],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Json).message).toBe(
      `Pricing validation failed: Total mismatch: expected ${$(front.priceCents).toFixed(2)}, got ${$(front.priceCents) + 0.02}`,
    );
    const nan = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      services: [{ serviceId: front.id, serviceAmount: 'NaN' }],
    });
    expect(nan.statusCode).toBe(400);
    expect((nan.json() as Json).message).toBe('Invalid cost for service 1: NaN');
    // Within the 0.01 tolerance it passes.
    const ok = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      requestTotal: $(front.priceCents) + 0.01,
      services: [{ serviceId: front.id }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await Promise.all(
      ['service_requests', 'request_services', 'request_state_history'].map(s.count),
    );
    expect(after).toEqual(before.map((n) => n + 1));
  });

  it('refuses a dealer’s discount and any price the catalog does not give', async () => {
    const front = s.f.oneFront.row('WHOLE', 'M');
    const base = toOne();
    const discount = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      services: [{ serviceId: front.id, serviceAmount: $(front.priceCents), serviceDiscount: 10 }],
    });
    expect(discount.statusCode).toBe(403);
    expect((discount.json() as Json).message).toBe('Only installers may set discounts');
    const cheap = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      services: [{ serviceId: front.id, serviceAmount: 1 }],
    });
    expect(cheap.statusCode).toBe(400);
    expect((cheap.json() as Json).message).toBe(
      `Pricing validation failed: Service 1: price 1 is not the catalog price ${$(front.priceCents).toFixed(2)}`,
    );
    // A retail row is not a dealer price; another specialist's row is not the chosen one's.
    const retailRow = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      services: [{ serviceId: s.f.oneFront.row('RETAIL', 'M').id }],
    });
    expect(retailRow.statusCode).toBe(200); // priced as the WHOLE row of the same service
    expect((retailRow.json() as { services: Json[] }).services[0]?.catalog_service_id).toBe(front.id);
    const other = await s.call('dealer', 'POST', '/api/requestimates/', {
      ...base,
      services: [{ serviceId: s.f.twoFront.row('WHOLE', 'M').id }],
    });
    expect(other.statusCode).toBe(400);
    // The same on a posted line.
    const created = (await s.call('dealer', 'POST', '/api/requestimates/', base)).json() as {
      requestId: number;
    };
    const line = await s.call('dealer', 'POST', '/api/requestService', {
      requestId: created.requestId,
      serviceId: front.id,
      serviceDiscount: 5,
    });
    expect(line.statusCode).toBe(403);
    const custom = await s.call('dealer', 'POST', '/api/requestService', {
      requestId: created.requestId,
      serviceId: s.f.oneCustom.row('WHOLE', 'M').id,
      serviceAmount: 100,
    });
    expect(custom.statusCode).toBe(403);
    expect(
      (await s.call('dealer', 'GET', `/api/requestimates/requestbyID/?Id=${created.requestId}`)).json(),
    ).toMatchObject({ requestTotal: 0 });
  });

  it('sends SMS and marketing e-mail through the outbox', async () => {
    const push = await s.call('one', 'POST', '/api/messages/push', {
      messageType: 'job',
      messagePlatform: 'sms',
      userType: 'customer',
      id: s.f.customer.id,
      text: 'Your car is ready',
    });
    expect(push.json()).toMatchObject({ success: true, queued: 1 });
    expect(
      (
        await s.call('two', 'POST', '/api/messages/push', {
          userType: 'customer',
          id: s.f.customer.id,
          text: 'Hi',
        })
      ).statusCode,
    ).toBe(404);
    const mail = await s.call('dealer', 'POST', '/api/mailchimp/', {
      dealer: 'Sun Motors',
      year: 2024,
      make: 'Toyota',
      model: 'RAV4',
      firstName: 'Ann',
      email: 'ann@example.test',
    });
    expect(mail.json()).toMatchObject({ success: true, recipients: ['ann@example.test'] });
    const kinds = (await s.t.database.db.execute(sql`select kind from outbox order by id`)) as unknown as {
      rows: { kind: string }[];
    };
    expect(kinds.rows.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['request-created', 'push-job', 'mailchimp-vehicle-protection']),
    );
  });
});
