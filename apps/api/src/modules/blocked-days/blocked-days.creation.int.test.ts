import { blockedDaysMessages as m } from '@app/contracts/blocked-days.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { creationDay as day, startCreationSuite } from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;

/**
 * The creation wizards and blocked days (row 66): the installer wizard's drop-off date may not be a closed
 * day, and a booking's work days may not include one (409). An estimate only occupies draft days, so its
 * later days may cross a closed day (it is checked again when booked). Today is 2025-03-03; installer One
 * closes 2025-03-08; its body service takes 3 days.
 */
describe('request creation refuses blocked days', () => {
  const s = useSuite(() => startCreationSuite(['one', 'two']), { timeout: 120_000 });
  const CLOSED = '2025-03-08';
  beforeAll(async () => {
    const res = await s.call('one', 'POST', `/api/installerBlockedCalendars/${s.f.one.id}`, {
      workDate: CLOSED,
      reason: 'Holiday',
    });
    expect(res.statusCode, res.body).toBe(201);
  }, 120_000);

  const create = (who: string, body: Json) =>
    s.call(who, 'POST', '/api/requestimates/', {
      requestType: 'installer',
      requestor: s.f.customer.id,
      ...body,
    });

  it('a drop-off date on the closed day: 409 naming it, for an estimate and a booking alike', async () => {
    for (const currentState of [undefined, 'scheduled']) {
      const res = await create('one', { availableDate: day(5), ...(currentState ? { currentState } : {}) });
      expect(res.statusCode, res.body).toBe(409);
      expect((res.json() as Json).message).toBe(m.dropOffOnBlockedDay(CLOSED, 'Holiday'));
    }
  });

  it('a booking whose 3 work days cross the closed day: 409; starting after it: booked', async () => {
    const body = { currentState: 'scheduled', services: [{ serviceId: s.f.oneBody.row('RETAIL', 'M').id }] };
    const crossing = await create('one', { ...body, availableDate: day(3) });
    expect(crossing.statusCode, crossing.body).toBe(409);
    expect((crossing.json() as Json).message).toBe(m.bookingOnBlockedDay(CLOSED, 'Holiday'));
    const after = await create('one', { ...body, availableDate: day(6) });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('an estimate may cross the closed day (draft days); the day is read in the picker as closed', async () => {
    const estimate = await create('one', {
      availableDate: day(3),
      services: [{ serviceId: s.f.oneBody.row('RETAIL', 'M').id }],
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    const calendar = await s.call('one', 'GET', `/api/installerCalendars/${s.f.one.id}`);
    expect(calendar.json()).toContainEqual(
      expect.objectContaining({ workDate: CLOSED, blocked: true, closed: true }),
    );
  });
});
