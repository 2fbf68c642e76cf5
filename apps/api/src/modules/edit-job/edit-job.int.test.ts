import { blockedDaysMessages } from '@app/contracts/blocked-days.contract';
import { editJobMessages } from '@app/contracts/edit-job.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import type { AuthContext } from '../../platform/security/auth-context';
import {
  wireDollars as $,
  creationDay as day,
  startCreationSuite,
} from '../request-creation/creation.fixture';
import { createCreationModules } from '../request-creation/request-creation.module';
import { createServiceRequestsRepository } from '../service-requests/service-requests.repository';
import { createServiceRequestsService } from '../service-requests/service-requests.service';
import { createEditJobServiceDeps } from './edit-job.module';
import { createEditJobService } from './edit-job.service';

type Json = Record<string, unknown>;
type Line = { service_id: number; catalog_service_id: number | null; service_amount: number };
type Context = { version: number; services: Line[]; editable: boolean; returnTo: string; title: string };

/**
 * Edit job (row 158): the lines, totals, calendar days and the external calendar event change in one
 * transaction; a failure midway leaves nothing changed; two editors of one version: one wins, one 409.
 */
describe('edit job (PUT /requestimates/{id}/update-transaction)', () => {
  const s = useSuite(() => startCreationSuite(['dealer', 'one', 'two', 'assist']));
  beforeAll(async () => {
    // One's external calendar is linked: edits of its booked work replace the appointment.
    await s.rowsOf(
      `update installers set calendar_authenticated = true, calendar_id = 'one@calendar.test' where id = ${s.f.one.id}`,
    );
  });

  /** A booked retail job of One for the fixture's customer: Full Front PPF (1 day), from day `start`. */
  async function bookedJob(start = 5): Promise<number> {
    const res = await s.call('one', 'POST', '/api/requestimates/', {
      requestType: 'installer',
      requestor: s.f.customer.id,
      availableDate: day(start),
      currentState: 'scheduled',
      services: [{ serviceId: s.f.oneFront.row('RETAIL', 'M').id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { requestId: number }).requestId;
  }
  const context = async (who: string, id: number) => {
    const res = await s.call(who, 'GET', `/api/requestimates/${id}/edit`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Context;
  };
  const put = (who: string, id: number, body: Json) =>
    s.call(who, 'PUT', `/api/requestimates/${id}/update-transaction`, body);
  /** Everything an edit may touch, for the "nothing changed" comparisons. */
  const snapshot = async (id: number) => ({
    request: await s.rowsOf<Json>(
      `select version, total_cents, discount_cents, fee_cents, taxes_cents, duration_tenths, due_date, service_requested from service_requests where id = ${id}`,
    ),
    lines: await s.rowsOf<Json>(
      `select id, service_id, amount_cents, discount_cents, duration_tenths from request_services where request_id = ${id} order by id`,
    ),
    days: await s.rowsOf<Json>(
      `select work_date::text, work_status, request_service_id, daily_work_tenths from calendar_days where request_id = ${id} order by work_date`,
    ),
    schedule: await s.rowsOf<Json>(`select end_date from request_schedules where request_id = ${id}`),
    outbox: await s.rowsOf<Json>(`select kind, dedupe_key from outbox where request_id = ${id} order by id`),
    history: await s.rowsOf<Json>(
      `select request_status from request_state_history where request_id = ${id}`,
    ),
    notes: await s.rowsOf<Json>(`select note_text from request_notes where request_id = ${id}`),
  });

  it('changes lines, totals, calendar days, schedule and queues the calendar event update together', async () => {
    const id = await bookedJob();
    const opened = await context('one', id);
    expect(opened).toMatchObject({ editable: true, returnTo: '/jobs' });
    expect(opened.title).toBe('Update Retail services on the vehicle make and model');
    const front = opened.services[0] as Line;
    const before = await snapshot(id);
    expect(before.days).toHaveLength(1);
    // An appointment the calendar adapter created for the booking (its event id is on the day).
    await s.rowsOf(`update calendar_days set event_id = 'evt-before' where request_id = ${id}`);

    const tint = s.f.oneTint.row('RETAIL', 'M');
    const res = await put('one', id, {
      version: opened.version,
      services: [
        { lineId: front.service_id, serviceDiscount: 100 },
        { serviceId: tint.id, serviceAmount: $(tint.priceCents) },
      ],
      // Documented fields the server does not trust: the totals and calendar come from the lines.
      requestData: { Request_Total: 1 },
      calendar: [{ workDate: '2000-01-01' }],
      eventId: 'evt-client',
      pricingBreakdown: { total: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as Json;
    const frontCents = s.f.oneFront.row('RETAIL', 'M').priceCents;
    const value = frontCents - 100_00 + tint.priceCents;
    expect(reply).toMatchObject({
      success: true,
      message: 'Job updated successfully!',
      version: opened.version + 1,
      redirectTo: '/jobs',
      requestTotal: $(frontCents + tint.priceCents),
      requestDiscount: 100,
      requestTaxes: $(Math.round(value * 0.075)),
      requestDuration: 1.5,
      calendarDays: 2,
    });
    expect(reply.changes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Added Ceramic Tint'),
        expect.stringContaining('Duration 1 → 1.5'),
      ]),
    );
    const after = await snapshot(id);
    expect(after.lines).toHaveLength(2);
    expect(after.days.map((d) => d.work_date)).toEqual([
      day(5).slice(0, 10).replace(/\//g, '-'),
      day(6).slice(0, 10).replace(/\//g, '-'),
    ]);
    expect(after.days.every((d) => d.work_status === 'booked')).toBe(true);
    expect(String(after.schedule[0]?.end_date)).toContain(day(6).slice(8, 10));
    expect(after.outbox.slice(before.outbox.length)).toEqual([
      {
        kind: 'remove-appointments',
        dedupe_key: `calendar-remove:${id}:v${opened.version + 1}:${s.f.one.id}`,
      },
      { kind: 'add-appointment', dedupe_key: `calendar-add:${id}:v${opened.version + 1}` },
    ]);
    expect(after.history.map((h) => h.request_status)).toContain('edited');
    expect(String(after.notes.at(-1)?.note_text)).toMatch(/^Job edited: .*Added Ceramic Tint/);

    // The reads agree: the request's totals and the lines.
    const read = (await s.call('one', 'GET', `/api/requestimates/requestbyID/?Id=${id}`)).json() as Json;
    expect(read).toMatchObject({ requestDuration: 1.5, requestDiscount: 100 });
  });

  it('a failure midway leaves nothing changed', async () => {
    const id = await bookedJob();
    const opened = await context('one', id);
    const before = await snapshot(id);
    const db = s.t.database.db;
    const deps = createEditJobServiceDeps({
      db,
      creation: createCreationModules({ db, config: s.t.config, clock: () => new Date() }).serviceDeps,
      reads: createServiceRequestsService({ repository: createServiceRequestsRepository(db) }),
    });
    const failing = createEditJobService({
      ...deps,
      lifecycle: {
        ...deps.lifecycle,
        insertCalendarDays: async () => {
          throw new Error('injected failure');
        },
      },
    });
    const session = (
      await s.rowsOf<{ id: number }>(`select id from users where email = 'c-one@example.test'`)
    )[0];
    const auth: AuthContext = {
      userId: Number(session?.id),
      userType: 'installer',
      companyId: s.f.one.id,
      access: 'ADMIN',
    } as AuthContext;
    const tint = s.f.oneTint.row('RETAIL', 'M');
    const body = {
      version: opened.version,
      services: [{ lineId: opened.services[0]?.service_id }, { serviceId: tint.id }],
    };
    await expect(failing.updateTransaction(auth, id, body as never)).rejects.toThrow('injected failure');
    expect(await snapshot(id)).toEqual(before);
    // The same edit without the failure goes through.
    expect((await createEditJobService(deps).updateTransaction(auth, id, body as never)).calendarDays).toBe(
      2,
    );
  });

  it('two editors of the same version: one wins, the other gets 409 and nothing of its edit is stored', async () => {
    const id = await bookedJob();
    const opened = await context('one', id);
    const line = opened.services[0] as Line;
    const [a, b] = await Promise.all([
      put('one', id, {
        version: opened.version,
        services: [{ lineId: line.service_id, serviceDiscount: 50 }],
      }),
      put('one', id, {
        version: opened.version,
        services: [{ lineId: line.service_id, serviceDiscount: 70 }],
      }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'CONFLICT', message: editJobMessages.changedSinceOpened });
    const discount = (winner.json() as { requestDiscount: number }).requestDiscount;
    const stored = await s.rowsOf<{ discount_cents: number }>(
      `select discount_cents from request_services where request_id = ${id}`,
    );
    expect(stored[0]?.discount_cents).toBe(discount * 100);
    // A stale version after the win is refused too; the current one works.
    const again = await put('one', id, { version: opened.version, services: [{ lineId: line.service_id }] });
    expect(again.statusCode).toBe(409);
    const fresh = await context('one', id);
    expect(
      (await put('one', id, { version: fresh.version, services: [{ lineId: line.service_id }] })).statusCode,
    ).toBe(200);
  });

  it('refuses bad input with a message and a 4xx, storing nothing', async () => {
    const id = await bookedJob();
    const opened = await context('one', id);
    const line = opened.services[0] as Line;
    const before = await snapshot(id);
    const cases: [string, Json, number, string][] = [
      ['one', { version: opened.version, services: [] }, 400, 'No services to save'],
      ['one', { services: [{ lineId: line.service_id }] }, 400, 'version is required'],
      [
        'one',
        { version: opened.version, services: [{ lineId: line.service_id, serviceDiscount: 999_999 }] },
        400,
        'Pricing validation failed: Service 1: discount cannot exceed cost',
      ],
      [
        'one',
        {
          version: opened.version,
          services: [
            { lineId: line.service_id },
            { serviceId: s.f.oneTint.row('RETAIL', 'M').id, serviceAmount: 1 },
          ],
        },
        400,
        'Pricing validation failed: Service 2: price 1 is not the catalog price',
      ],
      [
        'one',
        { version: opened.version, services: [{ lineId: 2_000_000 }] },
        400,
        'is not a line of this job',
      ],
      ['two', { version: opened.version, services: [{ lineId: line.service_id }] }, 404, 'does not exist'],
      ['dealer', { version: opened.version, services: [{ lineId: line.service_id }] }, 404, 'does not exist'],
      ['assist', { version: opened.version, services: [{ lineId: line.service_id }] }, 403, ''],
      ['one', { version: 'x', services: 'nope' }, 400, ''],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await put(who, id, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('a dealer edits its own new request at dealer prices; not after it is scheduled', async () => {
    const front = s.f.oneFront.row('WHOLE', 'M');
    const created = await s.call('dealer', 'POST', '/api/requestimates/', {
      requestType: 'dealer',
      requestor: s.f.sun.id,
      assignedTo: s.f.one.id,
      availableDate: day(2),
      services: [{ serviceId: front.id, retailPrice: 2400 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { requestId: number }).requestId;
    const opened = await context('dealer', id);
    expect(opened).toMatchObject({ editable: true, returnTo: '/requestimates' });
    expect(opened.title).toBe('Update Wholesale services on the vehicle make and model');
    const line = opened.services[0] as Line;
    const discounted = await put('dealer', id, {
      version: opened.version,
      services: [{ lineId: line.service_id, serviceDiscount: 10 }],
    });
    expect(discounted.statusCode).toBe(403);
    const res = await put('dealer', id, {
      version: opened.version,
      services: [{ lineId: line.service_id, retailPrice: 2600 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requestTotal: $(front.priceCents), redirectTo: '/requestimates' });
    expect((res.json() as { services: { retail_price: number }[] }).services[0]?.retail_price).toBe(2600);

    // The installer books it; the dealer's edit is then refused (dealers track scheduled work read-only).
    const book = await s.call('one', 'POST', `/api/requestimates/${id}/actions/book`, {
      startDate: day(3).slice(0, 10).replace(/\//g, '-'),
    });
    expect(book.statusCode, book.body).toBe(200);
    const now = await context('dealer', id);
    expect(now.editable).toBe(false);
    const refused = await put('dealer', id, {
      version: now.version,
      services: [{ lineId: line.service_id }],
    });
    expect(refused.statusCode).toBe(409);
    // The installer edits it at wholesale, with a discount.
    const byInstaller = await context('one', id);
    expect(byInstaller).toMatchObject({ editable: true, returnTo: '/jobs' });
    const edited = await put('one', id, {
      version: byInstaller.version,
      services: [{ lineId: line.service_id, serviceDiscount: 25 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ requestDiscount: 25, requestTaxes: 0 });
  });

  it('a longer job may not run into a fully booked day', async () => {
    const id = await bookedJob(20);
    const opened = await context('one', id);
    // One's capacity is 2: four booked jobs on the next day block it (decision 28).
    for (let i = 0; i < 4; i++) await bookedJob(21);
    const d6 = day(21).slice(0, 10).replace(/\//g, '-');
    const before = await snapshot(id);
    const res = await put('one', id, {
      version: opened.version,
      services: [
        { lineId: opened.services[0]?.service_id },
        { serviceId: s.f.oneTint.row('RETAIL', 'M').id },
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toContain(`would need ${d6}, which is fully booked`);
    expect(await snapshot(id)).toEqual(before);
  });

  it('a longer job may not run into a day the installer closed (row 66)', async () => {
    const id = await bookedJob(30);
    const opened = await context('one', id);
    const closed = day(31).slice(0, 10).replace(/\//g, '-');
    const block = await s.call('one', 'POST', `/api/installerBlockedCalendars/${s.f.one.id}`, {
      workDate: closed,
      reason: 'Training',
    });
    expect(block.statusCode, block.body).toBe(201);
    const before = await snapshot(id);
    const res = await put('one', id, {
      version: opened.version,
      services: [
        { lineId: opened.services[0]?.service_id },
        { serviceId: s.f.oneTint.row('RETAIL', 'M').id },
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(
      blockedDaysMessages.bookingOnBlockedDay(closed, 'Training'),
    );
    expect(await snapshot(id)).toEqual(before);
  });
});
