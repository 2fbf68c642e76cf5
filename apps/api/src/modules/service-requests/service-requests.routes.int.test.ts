import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { startServiceRequestsSuite } from './service-requests.fixture';

type Row = Record<string, unknown> & { requestId: number };

const WIRE_DATE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Lists and detail reads of requests, per role × mode, against one data set (service-requests.fixture.ts).
 * Expected lists are written out by hand from the 000 §2 filter table, in availableDate order.
 */
describe('service requests: lists and detail', () => {
  const suite = useSuite(startServiceRequestsSuite);

  /** A read that answers 200: its body. */
  const readOk = async (...args: Parameters<typeof suite.get>) => {
    const res = await suite.get(...args);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const keys = (rows: Row[]) => rows.map((r) => suite.f.key(r.requestId));
  const companyOf = (who: string): number =>
    ({
      dealerA: suite.f.dealerA.id,
      assistA: suite.f.dealerA.id,
      dealerB: suite.f.dealerB.id,
      i1: suite.f.i1.id,
      i2: suite.f.i2.id,
      i3: suite.f.i3.id,
    })[who] as number;

  /** Expected lists: role × mode, as 000 §2 defines them for this data set. */
  const expected: Record<string, Record<'requests' | 'jobs' | 'pickups', string[]>> = {
    dealerA: {
      requests: ['A_new2_open', 'A_answered', 'A_new3_rej', 'A_new1', 'A_direct'],
      jobs: ['A_recv', 'A_started', 'A_sched'],
      pickups: ['A_collected', 'A_finished'],
    },
    dealerB: { requests: ['B_new'], jobs: ['B_started', 'B_sched'], pickups: ['B_finished'] },
    i1: {
      requests: ['E1_new2', 'A_new1', 'E1_new', 'B_new', 'A_direct'],
      jobs: ['B_started', 'E1_recv', 'A_started', 'A_sched', 'E1_sched', 'E1_started'],
      pickups: ['A_finished', 'B_finished', 'E1_finished'],
    },
    i2: { requests: ['E2_new', 'A_new3_rej', 'A_new1'], jobs: ['A_recv', 'E2_started'], pickups: [] },
    i3: { requests: ['B_new'], jobs: ['B_sched'], pickups: [] },
  };
  expected.assistA = expected.dealerA as (typeof expected)['dealerA'];

  /** A row belongs to the caller's company (the server filtered it, not the client). */
  function assertOwn(who: string, row: Row) {
    const company = companyOf(who);
    if (who.startsWith('dealer') || who === 'assistA') {
      expect(row.requestType).toBe('dealer');
      expect(row.requestor).toBe(company);
    } else {
      const isOwnEstimate = row.requestType === 'installer' && row.requestor === company;
      const isAssigned = row.assignedTo === company;
      const isOffered = row.requestType === 'dealer' && row.offerState === 'offered';
      expect(isOwnEstimate || isAssigned || isOffered).toBe(true);
    }
  }

  describe.each(['dealerA', 'assistA', 'dealerB', 'i1', 'i2', 'i3'])('%s', (who) => {
    it.each(['requests', 'jobs', 'pickups'] as const)(
      'lists exactly the %s the filters define, in availableDate order',
      async (mode) => {
        const want = expected[who]?.[mode] ?? [];
        const res = await suite.get(who, `/api/requestimates/list/?mode=${mode}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { items: Row[]; total: number; limit: number; offset: number };
        expect(keys(body.items)).toEqual(want);
        expect(body).toMatchObject({ total: want.length, limit: 50, offset: 0 });
        expect(res.headers['x-total-count']).toBe(String(want.length));
        for (const row of body.items) assertOwn(who, row);

        // The legacy call of the role gives the same rows (installers: split in two halves).
        const company = companyOf(who);
        if (who.startsWith('dealer') || who === 'assistA') {
          const legacy = await suite.get(
            who,
            `/api/requestimates/getdealerrequests/?Id=${company}&mode=${mode}`,
          );
          expect(legacy.statusCode).toBe(200);
          expect(keys(legacy.json())).toEqual(want);
          expect(legacy.headers['x-total-count']).toBe(String(want.length));
        } else {
          const dealerPart = await suite.get(
            who,
            `/api/requestimates/getinstallerrequests/?Id=${company}&mode=${mode}`,
          );
          const estimatePart = await suite.get(
            who,
            `/api/requestimates/getinstallerestimates/?Id=${company}&mode=${mode}`,
          );
          expect(dealerPart.statusCode).toBe(200);
          expect(estimatePart.statusCode).toBe(200);
          const dealerRows = dealerPart.json() as Row[];
          const estimateRows = estimatePart.json() as Row[];
          expect(dealerRows.every((r) => r.requestType === 'dealer')).toBe(true);
          expect(estimateRows.every((r) => r.requestType === 'installer')).toBe(true);
          expect(keys(dealerRows)).toEqual(want.filter((k) => !k.startsWith('E')));
          expect(keys(estimateRows)).toEqual(want.filter((k) => k.startsWith('E')));
          expect(
            Number(dealerPart.headers['x-total-count']) + Number(estimatePart.headers['x-total-count']),
          ).toBe(want.length);
        }
      },
    );

    it('pages in the database: limit, offset and total', async () => {
      const all = [
        ...(expected[who]?.requests ?? []),
        ...(expected[who]?.jobs ?? []),
        ...(expected[who]?.pickups ?? []),
      ];
      const full = await suite.get(who, '/api/requestimates/list/?limit=200');
      const everything = full.json() as { items: Row[]; total: number };
      expect(everything.total).toBe(all.length);
      expect([...keys(everything.items)].sort()).toEqual([...all].sort());
      const page = await suite.get(who, '/api/requestimates/list/?limit=2&offset=1');
      const body = page.json() as { items: Row[]; total: number; limit: number; offset: number };
      expect(keys(body.items)).toEqual(keys(everything.items).slice(1, 3));
      expect(body).toMatchObject({ total: all.length, limit: 2, offset: 1 });
      const beyond = await suite.get(who, `/api/requestimates/list/?mode=requests&offset=${all.length + 5}`);
      expect(beyond.json()).toEqual({
        items: [],
        total: expected[who]?.requests.length,
        limit: 50,
        offset: all.length + 5,
        next_cursor: null,
      });
      expect(beyond.headers['x-total-count']).toBe(String(expected[who]?.requests.length));
      // Pages whose window is cut at a larger bound, or at none (windowBound): the same empty page.
      for (const offset of [300, 6000]) {
        const deep = await suite.get(who, `/api/requestimates/list/?offset=${offset}`);
        expect(deep.json()).toMatchObject({ items: [], total: all.length, offset, next_cursor: null });
      }
    });

    it('pages by keyset: following next_cursor walks the whole list once, in order', async () => {
      const everything = (await suite.get(who, '/api/requestimates/list/?limit=200')).json() as {
        items: Row[];
      };
      const walked: Row[] = [];
      let url = '/api/requestimates/list/?limit=2';
      for (let pages = 0; pages < 100; pages++) {
        const body = (await suite.get(who, url)).json() as {
          items: Row[];
          total: number;
          next_cursor: string | null;
        };
        expect(body.total).toBe(everything.items.length);
        walked.push(...body.items);
        if (!body.next_cursor) break;
        url = `/api/requestimates/list/?limit=2&after=${body.next_cursor}`;
      }
      expect(keys(walked)).toEqual(keys(everything.items));
    });
  });

  it('pages each mode: a window of the ordered list with the full total', async () => {
    const res = await suite.get('i1', '/api/requestimates/list/?mode=requests&limit=2&offset=1');
    expect(keys(res.json().items)).toEqual(['A_new1', 'E1_new']);
    expect(res.json().total).toBe(5);
    const last = await suite.get(
      'i1',
      `/api/requestimates/getinstallerrequests/?Id=${suite.f.i1.id}&mode=jobs&limit=1&offset=2`,
    );
    expect(keys(last.json())).toEqual(['A_sched']);
    expect(last.headers['x-total-count']).toBe('3');
  });

  it('gives list totals equal to the navigation counts', async () => {
    for (const who of ['dealerA', 'dealerB', 'i1', 'i2', 'i3']) {
      const nav = await suite.get(who, `/api/navbar-data-cached?entityId=${companyOf(who)}`);
      expect(nav.statusCode).toBe(200);
      const counts = nav.json() as { requestCount: number; jobCount: number; pickupCount: number };
      expect(counts).toMatchObject({
        requestCount: expected[who]?.requests.length,
        jobCount: expected[who]?.jobs.length,
        pickupCount: expected[who]?.pickups.length,
      });
    }
  });

  describe('wire format', () => {
    it('carries both spellings, dollars, days and UTC request dates', async () => {
      const r = await readOk('dealerA', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_new1}`);
      expect(r).toMatchObject({
        requestId: suite.f.ids.A_new1,
        Request_id: suite.f.ids.A_new1,
        requestType: 'dealer',
        Request_type: 'dealer',
        currentState: 'new',
        current_state: 'new',
        requestTotal: 1284.56,
        Request_Total: 1284.56,
        requestDiscount: 10,
        Request_Discount: 10,
        requestFee: 63.73,
        Request_Fee: 63.73,
        requestTaxes: 0,
        Request_taxes: 0,
        requestDuration: 2,
        request_duration: 2,
        availableDate: '2025/01/11 10:00:00',
        available_date: '2025/01/11 10:00:00',
        createdDate: '2024/12/12 10:00:00',
        created_date: '2024/12/12 10:00:00',
        serviceRequested: 'PPF - Full Front + 1',
        Service_Requested: 'PPF - Full Front + 1',
        assignedTo: 0,
        requestor: suite.f.dealerA.id,
        Requestor: suite.f.dealerA.id,
        dealerName: 'Alpha Motors',
        installerName: null,
        email: null,
        depositAmount: 0,
        deposit_amount: 0,
        depositIsPaid: false,
        referral_id: suite.f.referral.id,
        referral_status: 'OFFERED',
        vehicleMake: 'Toyota',
      });
      expect(r.dueDate).toMatch(WIRE_DATE);
      expect(r.due_date).toBe(r.dueDate);
    });

    it('carries the contract flags and the booked schedule, to both sides of the job', async () => {
      const url = `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_sched}`;
      const before = (await suite.get('dealerA', url)).json();
      expect(before).toMatchObject({ contractRequired: false, contractSigned: false });
      expect(before.scheduleStart).toMatch(WIRE_DATE);
      expect(before.scheduleEnd).toMatch(WIRE_DATE);
      const open = (
        await suite.get('dealerA', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_new1}`)
      ).json();
      expect([open.scheduleStart, open.scheduleEnd]).toEqual([null, null]);
      await suite.t.database.exec(
        `update dealers set customer_contract = 'Y' where id = ${suite.f.dealerA.id}`,
      );
      try {
        for (const who of ['dealerA', 'i1']) {
          expect((await suite.get(who, url)).json()).toMatchObject({
            contractRequired: true,
            contractSigned: false,
            scheduleStart: before.scheduleStart,
            scheduleEnd: before.scheduleEnd,
          });
        }
        // An estimate never needs the dealership's contract.
        expect(
          (await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.E1_sched}`)).json(),
        ).toMatchObject({
          contractRequired: false,
        });
        // A contract only downloaded for manual signing is not signed; a signed one is.
        await suite.t.database.exec(
          `insert into contracts (request_id, dealer_id, signature_method, downloaded_at, file_path)
           values (${suite.f.ids.A_sched}, ${suite.f.dealerA.id}, 'manual', now(), 'contracts/a.pdf')`,
        );
        expect((await suite.get('i1', url)).json().contractSigned).toBe(false);
        await suite.t.database.exec(
          `update contracts set signed_at = now() where request_id = ${suite.f.ids.A_sched}`,
        );
        const list = (await suite.get('i1', '/api/requestimates/list/?mode=jobs&limit=50')).json();
        const row = list.items.find((r: Row) => r.requestId === suite.f.ids.A_sched);
        expect(row).toMatchObject({ contractRequired: true, contractSigned: true });
      } finally {
        await suite.t.database.exec(
          `update dealers set customer_contract = 'N' where id = ${suite.f.dealerA.id}`,
        );
        await suite.t.database.exec(`delete from contracts where request_id = ${suite.f.ids.A_sched}`);
      }
    });

    it('shows each role its counterpart and its own offer state', async () => {
      const asInstaller = (
        await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_new1}`)
      ).json();
      expect(asInstaller).toMatchObject({
        dealerName: 'Alpha Motors',
        email: 'alpha@dealers.test',
        installerName: null,
        offerState: 'offered',
        assignedTo: 0,
      });
      const scheduled = (
        await suite.get('dealerA', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_sched}`)
      ).json();
      expect(scheduled).toMatchObject({
        assignedTo: suite.f.i1.id,
        installerName: 'One Film',
        email: 'one@installers.test',
        phone_number: '8135550001',
        dealerName: 'Alpha Motors',
      });
      const retail = (
        await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.E1_new}`)
      ).json();
      expect(retail).toMatchObject({
        requestType: 'installer',
        requestor: suite.f.i1.id,
        assignedTo: suite.f.i1.id,
        dealerName: 'Rita Retail',
        customerName: 'Rita Retail',
        email: 'rita@example.test',
        phone_number: '8135550999',
        installerName: 'One Film',
        offerState: 'offered',
      });
      const rejected = (
        await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_new3_rej}`)
      ).json();
      expect(rejected.offerState).toBe('rejected');
    });

    it('reports deposits, invoices and reviews', async () => {
      const sched = (
        await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.E1_sched}`)
      ).json();
      expect(sched).toMatchObject({ depositAmount: 200, depositIsPaid: true, depositPaidAmount: 200 });
      const finished = (
        await suite.get('i1', `/api/requestimates/requestbyID/?Id=${suite.f.ids.E1_finished}`)
      ).json();
      expect(finished).toMatchObject({ invoiceId: 'INV-77', customer_facing_invoice: 'CF-77' });
      const reviewed = (
        await suite.get('dealerA', `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_reviewed}`)
      ).json();
      expect(reviewed).toMatchObject({ currentState: 'reviewed', reviewScore: 5 });
    });

    it('serves service lines under both spellings with both field names', async () => {
      for (const path of ['requestService', 'requestServices', 'REQUESTSERVICE']) {
        const lines = await readOk('i2', `/api/${path}/${suite.f.ids.A_new1}`);
        expect(lines).toHaveLength(2);
        expect(lines[0]).toMatchObject({
          requestId: suite.f.ids.A_new1,
          service_category: 'PPF',
          description: 'Full Front',
          service_amount: 1234.56,
          service_cost: 1234.56,
          service_discount: 10,
          retail_price: 1500,
          service_duration: 1.5,
          duration_days: 1.5,
          service_state: 'new',
          position: 0,
        });
        expect(lines[1]).toMatchObject({ service_category: 'Glass/Tint', service_duration: 0.5 });
      }
    });

    it('serves notes, state history, referral link and calendar days', async () => {
      const notes = (await suite.get('dealerA', `/api/requestnotes/${suite.f.ids.A_new1}`)).json();
      expect(notes).toEqual([
        expect.objectContaining({
          requestId: suite.f.ids.A_new1,
          note_text: 'Please call first',
          userType: 'dealer',
        }),
      ]);
      expect(notes[0].noteDate).toMatch(WIRE_DATE);

      const history = (await suite.get('dealerA', `/api/requeststate/${suite.f.ids.A_sched}`)).json();
      expect(history.map((h: { requestStatus: string }) => h.requestStatus)).toEqual([
        'created',
        'answered',
        'scheduled',
      ]);
      expect(history[0]).toMatchObject({ requestId: suite.f.ids.A_sched, changedByUserType: 'dealer' });
      expect(history[0].stateDate).toMatch(WIRE_DATE);

      const referral = await suite.get('dealerA', `/api/requestreferral/${suite.f.ids.A_new1}`);
      expect(referral.json()).toEqual([
        {
          referral_id: suite.f.referral.id,
          referralId: suite.f.referral.id,
          requestId: suite.f.ids.A_new1,
          status: 'OFFERED',
          dealerId: suite.f.dealerA.id,
        },
      ]);
      expect((await suite.get('dealerA', `/api/requestreferral/${suite.f.ids.A_sched}`)).json()).toEqual([]);

      const days = (await suite.get('i1', `/api/installerCalendarRequest/${suite.f.ids.A_sched}`)).json();
      expect(days.length).toBeGreaterThan(0);
      expect(days[0]).toMatchObject({
        requestId: suite.f.ids.A_sched,
        workDate: '2025-01-13',
        work_date: '2025-01-13',
        workStatus: 'booked',
        work_status: 'booked',
        daily_work: 1,
        capacity: 8,
        installerId: suite.f.i1.id,
        event_id: null,
      });
    });
  });

  describe('visibility', () => {
    it('answers 404 for a request of another company, a deleted one, or one that does not exist', async () => {
      const cases: [string, string, number][] = [
        ['dealerB', 'A_new1', 404],
        ['dealerA', 'B_new', 404],
        ['dealerA', 'E1_new', 404],
        ['dealerA', 'A_deleted', 404],
        ['i1', 'A_deleted', 404],
        ['i1', 'E1_deleted', 404],
        ['i1', 'A_recv', 404],
        ['i1', 'A_new2_open', 404],
        ['i1', 'E2_new', 404],
        ['i3', 'A_new1', 404],
        ['i2', 'E1_new', 404],
        // Any offer status makes a dealer request readable; assigned and own work too, reviewed included.
        ['i1', 'A_new3_rej', 200],
        ['i3', 'A_answered', 200],
        ['i1', 'A_reviewed', 200],
        ['i1', 'B_finished', 200],
        ['dealerA', 'A_reviewed', 200],
        ['assistA', 'A_sched', 200],
      ];
      for (const [who, key, status] of cases) {
        const id = suite.f.ids[key] as number;
        for (const url of [
          `/api/requestimates/requestbyID/?Id=${id}`,
          `/api/requestimates/fullrequest/?Id=${id}`,
          `/api/requestService/${id}`,
          `/api/requestnotes/${id}`,
          `/api/requeststate/${id}`,
          `/api/requestreferral/${id}`,
          `/api/requestoffered/request/${id}`,
          `/api/installerCalendarRequest/${id}`,
        ]) {
          const res = await suite.get(who, url);
          expect({ who, key, url, status: res.statusCode }).toEqual({ who, key, url, status });
          if (status === 404) expect(res.json().code).toBe('NOT_FOUND');
        }
      }
      const missing = await suite.get('dealerA', '/api/requestimates/requestbyID/?Id=2147483647');
      expect(missing.statusCode).toBe(404);
    });

    it('shows dealers only accepted offers and installers only their own', async () => {
      const asDealer = (
        await suite.get('dealerA', `/api/requestoffered/request/${suite.f.ids.A_answered}`)
      ).json();
      expect(asDealer).toEqual([
        expect.objectContaining({
          requestId: suite.f.ids.A_answered,
          installerId: suite.f.i1.id,
          installerName: 'One Film',
          currentStatus: 'accepted',
          startDate: '2025/01/21 10:00:00',
        }),
      ]);
      const asI2 = (await suite.get('i2', `/api/requestoffered/request/${suite.f.ids.A_answered}`)).json();
      expect(asI2).toEqual([
        expect.objectContaining({ installerId: suite.f.i2.id, currentStatus: 'offered' }),
      ]);
      const asI3 = (await suite.get('i3', `/api/requestoffered/request/${suite.f.ids.A_answered}`)).json();
      expect(asI3).toEqual([
        expect.objectContaining({ installerId: suite.f.i3.id, currentStatus: 'rejected' }),
      ]);
      // A new request has no accepted offer yet: the dealer sees none.
      expect(
        (await suite.get('dealerA', `/api/requestoffered/request/${suite.f.ids.A_new1}`)).json(),
      ).toEqual([]);
    });

    it('lists the offers of a company: a dealer its accepted ones, an installer its own', async () => {
      const dealer = await suite.get('dealerA', `/api/requestOffered/${suite.f.dealerA.id}`);
      expect(dealer.statusCode).toBe(200);
      expect(dealer.json()).toEqual([
        expect.objectContaining({
          requestId: suite.f.ids.A_answered,
          installerId: suite.f.i1.id,
          currentStatus: 'accepted',
        }),
      ]);
      expect(dealer.headers['x-total-count']).toBe('1');

      const own = await suite.get('i1', `/api/requestoffered/${suite.f.i1.id}?limit=200`);
      const offers = own.json() as { installerId: number; requestId: number }[];
      expect(offers.every((o) => o.installerId === suite.f.i1.id)).toBe(true);
      // Dealer A: 9 (not the deleted one); dealer B: 3; own estimates: 8 (not the deleted one).
      expect(offers).toHaveLength(20);
      expect(own.headers['x-total-count']).toBe('20');
      expect(offers.map((o) => suite.f.key(o.requestId))).not.toContain('A_deleted');
      const page = await suite.get('i1', `/api/requestOffered/${suite.f.i1.id}?limit=5&offset=18`);
      expect(page.json()).toHaveLength(2);
      expect(page.headers['x-total-count']).toBe('20');

      expect((await suite.get('dealerA', `/api/requestOffered/${suite.f.dealerB.id}`)).statusCode).toBe(403);
      expect((await suite.get('i1', `/api/requestOffered/${suite.f.i2.id}`)).statusCode).toBe(403);
    });

    it('shows calendar days of accepted or assigned installers to dealers, own days to installers', async () => {
      const asDealer = (
        await suite.get('dealerA', `/api/installerCalendarRequest/${suite.f.ids.A_answered}`)
      ).json();
      expect(new Set(asDealer.map((d: { installerId: number }) => d.installerId))).toEqual(
        new Set([suite.f.i1.id]),
      );
      expect(asDealer[0]).toMatchObject({ workStatus: 'pending', workDate: '2025-01-21' });
      const asI2 = (await suite.get('i2', `/api/installerCalendarRequest/${suite.f.ids.A_answered}`)).json();
      expect(asI2.map((d: { workStatus: string }) => d.workStatus)).toEqual(['draft']);
      expect(asI2.every((d: { installerId: number }) => d.installerId === suite.f.i2.id)).toBe(true);
      const asI3 = (await suite.get('i3', `/api/installerCalendarRequest/${suite.f.ids.A_answered}`)).json();
      expect(asI3).toEqual([]);
    });
  });

  describe('full request', () => {
    it('answers the request with its parts, each filtered for the caller', async () => {
      const full = await readOk('dealerA', `/api/requestimates/fullrequest/?Id=${suite.f.ids.A_answered}`);
      expect(full).toMatchObject({
        requestId: suite.f.ids.A_answered,
        Request_id: suite.f.ids.A_answered,
        currentState: 'answered',
      });
      expect(full.services).toHaveLength(1);
      expect(full.offers.map((o: { currentStatus: string }) => o.currentStatus)).toEqual(['accepted']);
      expect(full.calendarDays.every((d: { installerId: number }) => d.installerId === suite.f.i1.id)).toBe(
        true,
      );
      expect(full.payments).toEqual({
        depositAmount: 0,
        depositIsPaid: false,
        depositPaidAmount: 0,
        depositStatus: 'none',
        totalPaid: 0,
        payments: [],
      });

      const asI2 = (
        await suite.get('i2', `/api/requestimates/fullrequest/?Id=${suite.f.ids.A_answered}`)
      ).json();
      expect(asI2.offers).toEqual([expect.objectContaining({ installerId: suite.f.i2.id })]);
      expect(asI2.calendarDays.every((d: { installerId: number }) => d.installerId === suite.f.i2.id)).toBe(
        true,
      );

      const withNotes = (
        await suite.get('i1', `/api/requestimates/fullrequest/?Id=${suite.f.ids.A_new1}`)
      ).json();
      expect(withNotes.notes).toEqual([expect.objectContaining({ note_text: 'Please call first' })]);
      expect(withNotes.services.map((l: { service_amount: number }) => l.service_amount)).toEqual([
        1234.56, 50,
      ]);
    });

    it('summarises payments and the deposit', async () => {
      const full = (
        await suite.get('i1', `/api/requestimates/fullrequest/?Id=${suite.f.ids.E1_sched}`)
      ).json();
      expect(full.payments).toMatchObject({
        depositAmount: 200,
        depositIsPaid: true,
        depositPaidAmount: 200,
        depositStatus: 'paid',
        totalPaid: 200,
      });
      expect(full.payments.payments).toEqual([
        expect.objectContaining({ payment_type: 'deposit', payment_state: 'paid', payment_amount: 200 }),
      ]);
    });
  });

  describe('errors', () => {
    it('refuses bad parameters with 400, never a 500', async () => {
      const urls = [
        '/api/requestimates/list/?mode=everything',
        '/api/requestimates/list/?limit=0',
        '/api/requestimates/list/?limit=201',
        '/api/requestimates/list/?offset=-1',
        '/api/requestimates/list/?limit=abc',
        '/api/requestimates/list/?after=yesterday',
        '/api/requestimates/list/?after=1700000000000000_0',
        '/api/requestimates/list/?after=99999999999999999_1',
        `/api/requestimates/getdealerrequests/?Id=abc`,
        '/api/requestimates/getdealerrequests/',
        '/api/requestimates/getdealerrequests/?Id=99999999999',
        '/api/requestimates/requestbyID/?Id=2147483648',
        '/api/requestimates/requestbyID/?Id=-3',
        '/api/requestimates/fullrequest/',
        '/api/requestService/abc',
        '/api/requestnotes/1.5',
        '/api/requestOffered/0',
        '/api/requestOffered/1?limit=1000',
      ];
      await suite.expectRefusals(
        urls.map((url): [string, string] => ['dealerA', url]),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('refuses another company’s list, or the other role’s list, with 403', async () => {
      const cases: [string, string][] = [
        ['dealerA', `/api/requestimates/getdealerrequests/?Id=${suite.f.dealerB.id}`],
        ['dealerA', `/api/requestimates/getinstallerrequests/?Id=${suite.f.dealerA.id}`],
        ['dealerA', `/api/requestimates/getinstallerestimates/?Id=${suite.f.dealerA.id}`],
        ['i1', `/api/requestimates/getinstallerrequests/?Id=${suite.f.i2.id}`],
        ['i1', `/api/requestimates/getinstallerestimates/?Id=${suite.f.i2.id}`],
        ['i1', `/api/requestimates/getdealerrequests/?Id=${suite.f.i1.id}`],
      ];
      await suite.expectRefusals(cases, 403, 'FORBIDDEN');
    });

    it('documents every call in the OpenAPI description', async () => {
      const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/requestimates/list/',
          '/api/requestimates/requestbyID/',
          '/api/requestimates/getdealerrequests/',
          '/api/requestimates/getinstallerrequests/',
          '/api/requestimates/getinstallerestimates/',
          '/api/requestimates/fullrequest/',
          '/api/requestOffered/{id}',
          '/api/requestoffered/request/{requestId}',
          '/api/requestService/{requestId}',
          '/api/requestServices/{requestId}',
          '/api/requestnotes/{requestId}',
          '/api/requeststate/{requestId}',
          '/api/requestreferral/{requestId}',
          '/api/installerCalendarRequest/{requestId}',
          '/api/page-views',
        ]),
      );
    });

    it('needs a sign-in', async () => {
      for (const url of [
        '/api/requestimates/list/',
        `/api/requestimates/requestbyID/?Id=${suite.f.ids.A_new1}`,
        `/api/requestService/${suite.f.ids.A_new1}`,
      ]) {
        const res = await suite.t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
      }
    });
  });
});
