import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { requestNotes } from '../../db/schema/service-requests';
import { type LifecycleWorld, startLifecycleSuite, VALID_VIN } from './lifecycle.fixture';

type Created = Awaited<ReturnType<LifecycleWorld['estimate']>>;

/**
 * Issue 19, finding 10 ("check access first, everywhere"): a call on a request the caller may not see
 * answers the same 404 whatever its body says; what the body means is judged only for those who may see it.
 * Each call is sent by an unrelated installer or dealership with a body the service would refuse (400/403)
 * and with one it would accept, then by the party of the request.
 */
describe('calls on a request: access before the body', () => {
  const s = useSuite(startLifecycleSuite);

  /** The party of the request makes the same call: 200. */
  async function expectAllowed(...args: Parameters<typeof s.call>) {
    const res = await s.call(...args);
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Every body gives the foreign caller 404 NOT_FOUND, and the request is unchanged. */
  async function expectNotFoundWhateverTheBody(
    created: Created,
    send: (body: Record<string, unknown>) => Promise<LightMyRequestResponse>,
    bodies: Record<string, unknown>[],
  ) {
    const before = await s.db.request(created.request.id);
    const historyBefore = await s.db.history(created.request.id);
    for (const body of bodies) {
      const res = await send(body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await s.db.request(created.request.id)).toEqual(before);
    expect(await s.db.history(created.request.id)).toEqual(historyBefore);
  }

  it('PUT /requestServiceState/{id}: a service of another request, or a real one, is 404 for a stranger', async () => {
    const created = await s.w.estimate({ currentState: 'received' });
    const serviceId = created.lines[0]!.id;
    const url = `/api/requestServiceState/${created.request.id}`;
    for (const stranger of [s.w.sessions.installerC, s.w.sessions.otherDealer]) {
      await expectNotFoundWhateverTheBody(created, (body) => s.call(stranger, 'PUT', url, body), [
        { serviceId: 2_000_000, serviceState: 'started' },
        { serviceId, serviceState: 'started' },
      ]);
    }
    await expectAllowed(s.w.sessions.installerA, 'PUT', url, { serviceId, serviceState: 'started' });
  });

  it('PUT /requestimates/requestbyID/: echoed fields that do not match, or a valid change, are 404 for a stranger', async () => {
    const created = await s.w.estimate();
    const url = `/api/requestimates/requestbyID/?Id=${created.request.id}`;
    await expectNotFoundWhateverTheBody(
      created,
      (body) => s.call(s.w.sessions.installerC, 'PUT', url, body),
      [
        { requestId: created.request.id + 1 },
        { vin: VALID_VIN },
        { currentState: 'started' },
        { depositAmount: 50 },
      ],
    );
    await expectAllowed(s.w.sessions.installerA, 'PUT', url, { depositAmount: 50 });
  });

  it('POST /dashboard/claim/{id}: claiming for someone else, or for itself, is 404 when it holds no offer', async () => {
    const created = await s.w.openRequest([s.w.installerA.id]);
    const url = `/api/dashboard/claim/${created.request.id}`;
    await expectNotFoundWhateverTheBody(
      created,
      (body) => s.call(s.w.sessions.installerC, 'POST', url, body),
      [
        { installerId: s.w.installerA.id, startDate: '2025-03-12' },
        { installerId: s.w.installerC.id, startDate: '2025-03-12' },
      ],
    );
    await expectAllowed(s.w.sessions.installerA, 'POST', url, {
      installerId: s.w.installerA.id,
      startDate: '2025-03-12',
    });
  });

  it('POST /transfer/internal and PUT /schedule/: naming another installer, or itself, is 404 for a stranger', async () => {
    const created = await s.w.estimate({ currentState: 'scheduled' });
    const requestId = created.request.id;
    await expectNotFoundWhateverTheBody(
      created,
      (body) => s.call(s.w.sessions.installerC, 'POST', '/api/transfer/internal', body),
      [
        { requestId, fromInstaller: s.w.installerA.id, toInstaller: s.w.installerA2.id },
        { requestId, fromInstaller: s.w.installerC.id, toInstaller: s.w.installerA2.id },
      ],
    );
    await expectNotFoundWhateverTheBody(
      created,
      (body) => s.call(s.w.sessions.installerC, 'PUT', '/api/schedule/', body),
      [
        { requestId, installerId: s.w.installerA.id, startDate: '2025-03-17' },
        { requestId, installerId: s.w.installerC.id, startDate: '2025-03-17' },
        { requestId, installerId: s.w.installerC.id, startDate: '2030-01-01' },
      ],
    );
    await expectAllowed(s.w.sessions.installerA, 'PUT', '/api/schedule/', {
      requestId,
      installerId: s.w.installerA.id,
      startDate: '2025-03-17',
    });
  });

  it('POST /requestState and POST /requestnotes/: a foreign service or an empty note is 404 for a stranger', async () => {
    const created = await s.w.dealerRequest({ currentState: 'new' });
    const requestId = created.request.id;
    const record = { requestId, requestStatus: 'created', stateDate: '2025-03-10T15:00:00Z' };
    await expectNotFoundWhateverTheBody(
      created,
      (body) => s.call(s.w.sessions.otherDealer, 'POST', '/api/requestState', body),
      [{ ...record, serviceId: 2_000_000 }, record],
    );
    const notes = () =>
      s.t.database.db.select().from(requestNotes).where(eq(requestNotes.requestId, requestId));
    const notesBefore = await notes();
    for (const noteText of ['   ', 'A note from outside']) {
      const res = await s.call(s.w.sessions.otherDealer, 'POST', '/api/requestnotes/', {
        requestId,
        noteText,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await notes()).toEqual(notesBefore);

    const empty = await s.call(s.w.sessions.dealer, 'POST', '/api/requestnotes/', {
      requestId,
      noteText: ' ',
    });
    expect(empty.statusCode).toBe(400);
    await expectAllowed(s.w.sessions.dealer, 'POST', '/api/requestnotes/', {
      requestId,
      noteText: 'Keys at desk',
    });
    await expectAllowed(s.w.sessions.dealer, 'POST', '/api/requestState', record);
  });
});
