import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { type LifecycleSuite, type Session, startLifecycleSuite, VALID_VIN } from './lifecycle.fixture';

/**
 * Each transition of 000 §4 refused for the wrong role, another company, ASSIST and a wrong state (and the
 * allowed role's call succeeding on the same row); unknown actions; the buttons GET …/actions lists.
 */
describe('lifecycle transitions: refusals', () => {
  const s = useSuite(startLifecycleSuite);

  // -------------------------------------------------------------------------------------------------
  // Refusals: each transition for the wrong role, another company, ASSIST and a wrong state.

  type Setup = () => Promise<{ id: number; serviceId: number }>;
  type Row = {
    name: string;
    allowed: () => Session;
    wrongRole: () => Session;
    /** False when the wrong role may not even see the request (an estimate for a dealer): then it is 404. */
    canWrongRoleSeeIt?: boolean;
    otherCompany: () => Session;
    assist: () => Session;
    /** A request the allowed caller may act on (the happy paths above prove the effects). */
    validState: Setup;
    /** A request in a state the action cannot start from, and the message that names both. */
    wrongState: Setup;
    wrongStateMessage: string;
    send: (who: Session, id: number, serviceId: number) => ReturnType<LifecycleSuite['call']>;
  };
  const firstLine = (created: { request: { id: number }; lines: { id: number }[] }) => ({
    id: created.request.id,
    serviceId: created.lines[0]!.id,
  });
  /** An estimate of installer A in `currentState`. */
  const estimateIn =
    (currentState: string): Setup =>
    async () =>
      firstLine(await s.w.estimate({ currentState }));
  /** A dealer request assigned to installer A in `currentState`. */
  const assignedToAIn =
    (currentState: string): Setup =>
    async () =>
      firstLine(await s.w.dealerRequest({ currentState, assignedInstallerId: s.w.installerA.id }));
  /** An open dealer request offered to installer A. */
  const offeredToA: Setup = async () => firstLine(await s.w.openRequest([s.w.installerA.id]));
  /** START SERVICE and FINISH SERVICE: the request's first service to `serviceState`. */
  const setServiceState =
    (serviceState: string): Row['send'] =>
    (who, id, serviceId) =>
      s.call(who, 'PUT', `/api/requestServiceState/${id}`, { serviceId, serviceState });
  /** Who does what to an installer's own estimate: a dealer cannot even see it (404). */
  const installerOnItsEstimate = {
    allowed: () => s.w.sessions.installerA,
    wrongRole: () => s.w.sessions.dealer,
    canWrongRoleSeeIt: false,
    otherCompany: () => s.w.sessions.installerC,
    assist: () => s.w.sessions.installerAAssist,
  };
  /** Who does what to a dealer request offered to or assigned to installer A: the dealer sees it. */
  const installerOnDealerWork = {
    allowed: () => s.w.sessions.installerA,
    wrongRole: () => s.w.sessions.dealer,
    otherCompany: () => s.w.sessions.installerC,
    assist: () => s.w.sessions.installerAAssist,
  };
  /** Who does what to the dealer's own request: installer A, offered it, sees it but may not do this. */
  const dealerOnItsRequest = {
    allowed: () => s.w.sessions.dealer,
    wrongRole: () => s.w.sessions.installerA,
    otherCompany: () => s.w.sessions.otherDealer,
    assist: () => s.w.sessions.dealerAssist,
  };
  const rows: Row[] = [
    {
      name: 'accept (PUT /requestOffered)',
      ...installerOnDealerWork,
      validState: offeredToA,
      wrongState: assignedToAIn('scheduled'),
      wrongStateMessage: 'Cannot accept a request in state scheduled',
      send: (who, id) =>
        s.call(who, 'PUT', `/api/requestOffered/${id}`, {
          currentStatus: 'accepted',
          startDate: '2025-03-12',
        }),
    },
    {
      name: 'claim (POST /dashboard/claim)',
      ...installerOnDealerWork,
      validState: offeredToA,
      wrongState: assignedToAIn('received'),
      wrongStateMessage: 'Cannot claim a request in state received',
      send: (who, id) =>
        s.call(who, 'POST', `/api/dashboard/claim/${id}`, {
          installerId: who.companyId,
          startDate: '2025-03-12',
        }),
    },
    {
      name: 'assign',
      ...dealerOnItsRequest,
      validState: async () =>
        firstLine(
          await s.w.dealerRequest({
            currentState: 'answered',
            assignedInstallerId: null,
            offers: [
              {
                installerId: s.w.installerA.id,
                currentStatus: 'accepted',
                startDate: new Date('2025-03-12T08:00:00Z'),
              },
            ],
          }),
        ),
      wrongState: offeredToA,
      wrongStateMessage: 'Cannot assign a request in state new',
      send: (who, id) => s.action(who, id, 'assign', { installerId: s.w.installerA.id }),
    },
    {
      name: 'BOOK JOB',
      ...installerOnItsEstimate,
      validState: estimateIn('new'),
      wrongState: estimateIn('scheduled'),
      wrongStateMessage: 'Cannot book a request in state scheduled',
      send: (who, id) => s.action(who, id, 'book', { startDate: '2025-03-12' }),
    },
    {
      name: 'JOB COMPLETED',
      ...installerOnItsEstimate,
      validState: estimateIn('new'),
      wrongState: estimateIn('scheduled'),
      wrongStateMessage: 'Cannot complete an estimate in state scheduled',
      send: (who, id) => s.action(who, id, 'completeEstimate'),
    },
    {
      name: 'CHECK IN',
      ...installerOnItsEstimate,
      validState: estimateIn('scheduled'),
      wrongState: estimateIn('new'),
      wrongStateMessage: 'Cannot check in a request in state new',
      send: (who, id) => s.action(who, id, 'checkIn', { vin: VALID_VIN }),
    },
    {
      name: 'RESCHEDULE',
      ...installerOnItsEstimate,
      validState: estimateIn('scheduled'),
      wrongState: estimateIn('received'),
      wrongStateMessage: 'Cannot reschedule a request in state received',
      send: (who, id) => s.call(who, 'PUT', `/api/requestOffered/${id}`, { currentStatus: 'offered' }),
    },
    {
      name: 'START SERVICE',
      ...installerOnItsEstimate,
      validState: estimateIn('received'),
      wrongState: estimateIn('scheduled'),
      wrongStateMessage: 'Cannot start a service of a request in state scheduled',
      send: setServiceState('started'),
    },
    {
      name: 'FINISH SERVICE',
      ...installerOnItsEstimate,
      validState: async () => {
        const created = await s.w.estimate({ currentState: 'started' });
        await s.t.database.exec(
          `update request_services set service_state = 'started' where id = ${created.lines[0]!.id}`,
        );
        return firstLine(created);
      },
      wrongState: estimateIn('received'),
      wrongStateMessage: 'Cannot finish a service of a request in state received',
      send: setServiceState('finished'),
    },
    {
      name: 'set deposit (PUT /requestimates/requestbyID/)',
      ...installerOnItsEstimate,
      validState: estimateIn('new'),
      wrongState: estimateIn('scheduled'),
      wrongStateMessage: 'Cannot set a deposit on a request in state scheduled',
      send: (who, id) =>
        s.call(who, 'PUT', `/api/requestimates/requestbyID/?Id=${id}`, { depositAmount: 10 }),
    },
    {
      name: 'COMPLETE JOB',
      ...installerOnItsEstimate,
      validState: estimateIn('started'),
      wrongState: estimateIn('received'),
      wrongStateMessage: 'Cannot complete a job in state received',
      send: (who, id) => s.call(who, 'PUT', `/api/requestAllService/${id}`),
    },
    {
      name: 'DELIVER',
      allowed: () => s.w.sessions.dealer,
      wrongRole: () => s.w.sessions.installerB,
      canWrongRoleSeeIt: false,
      otherCompany: () => s.w.sessions.otherDealer,
      assist: () => s.w.sessions.dealerAssist,
      validState: assignedToAIn('finished'),
      wrongState: assignedToAIn('started'),
      wrongStateMessage: 'Cannot deliver a request in state started',
      send: (who, id) => s.action(who, id, 'deliver'),
    },
    {
      name: 'REVIEW',
      ...dealerOnItsRequest,
      validState: assignedToAIn('collected'),
      wrongState: assignedToAIn('finished'),
      wrongStateMessage: 'Cannot review a request in state finished',
      send: (who, id) => s.action(who, id, 'review', { reviewScore: 4 }),
    },
    {
      name: 'delete',
      ...dealerOnItsRequest,
      validState: assignedToAIn('new'),
      wrongState: assignedToAIn('started'),
      wrongStateMessage: 'Cannot delete a request in state started',
      send: (who, id) => s.action(who, id, 'delete'),
    },
    {
      name: 'reject',
      ...installerOnDealerWork,
      validState: offeredToA,
      wrongState: assignedToAIn('finished'),
      wrongStateMessage: 'Cannot reject a request in state finished',
      send: (who, id) => s.call(who, 'PUT', `/api/requestOffered/${id}`, { currentStatus: 'rejected' }),
    },
    {
      name: 'transfer',
      ...installerOnDealerWork,
      validState: estimateIn('new'),
      wrongState: estimateIn('scheduled'),
      wrongStateMessage: 'Cannot transfer a request in state scheduled',
      send: (who, id) =>
        s.call(who, 'POST', '/api/transfer', { requestId: id, toInstaller: s.w.installerA2.id }),
    },
  ];

  describe.each(rows)('$name', (row) => {
    it('succeeds for the allowed role', async () => {
      const { id, serviceId } = await row.validState();
      const res = await row.send(row.allowed(), id, serviceId);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('is refused for the wrong role (403, or 404 when it may not see the request)', async () => {
      const { id, serviceId } = await row.validState();
      const res = await row.send(row.wrongRole(), id, serviceId);
      const [status, code] = row.canWrongRoleSeeIt === false ? [404, 'NOT_FOUND'] : [403, 'FORBIDDEN'];
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    });

    it('does not exist for another company (404, issue 19)', async () => {
      const { id, serviceId } = await row.validState();
      const res = await row.send(row.otherCompany(), id, serviceId);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: `Request ${id} does not exist` });
    });

    it('is refused for ASSIST (403)', async () => {
      const { id, serviceId } = await row.validState();
      const res = await row.send(row.assist(), id, serviceId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Your access level (ASSIST) is read-only.' });
    });

    it('is refused in a wrong state (409) with a message naming the state and the action', async () => {
      const { id, serviceId } = await row.wrongState();
      const res = await row.send(row.allowed(), id, serviceId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain(row.wrongStateMessage);
    });
  });

  it('a refused transition changes nothing (request, version, history)', async () => {
    const { request } = await s.w.estimate({ currentState: 'scheduled' });
    const before = await s.db.history(request.id);
    const res = await s.action(s.w.sessions.installerA, request.id, 'completeJob');
    expect(res.statusCode).toBe(409);
    expect(await s.db.request(request.id)).toMatchObject({
      currentState: 'scheduled',
      version: request.version,
    });
    expect(await s.db.history(request.id)).toEqual(before);
  });

  it('unknown actions, a missing request and fields of another action are refused', async () => {
    const { request } = await s.w.estimate();
    expect((await s.action(s.w.sessions.installerA, request.id, 'explode')).statusCode).toBe(400);
    expect(
      (await s.action(s.w.sessions.installerA, 2_000_000, 'book', { startDate: '2025-03-12' })).statusCode,
    ).toBe(404);
    const extra = await s.action(s.w.sessions.installerA, request.id, 'book', {
      startDate: '2025-03-12',
      vin: VALID_VIN,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('GET …/actions lists exactly the buttons the server accepts, with the enabling rules', async () => {
    const { request, lines } = await s.w.estimate({ currentState: 'received' });
    const url = `/api/requestimates/${request.id}/actions`;
    const res = await s.call(s.w.sessions.installerA, 'GET', `${url}?serviceId=${lines[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ requestId: request.id, currentState: 'received', version: request.version });
    expect(body.actions).toEqual(expect.arrayContaining(['startService', 'delete']));
    expect(body.buttons).toContainEqual({ action: 'startService', label: 'START SERVICE', isEnabled: true });
    expect(body.actions).not.toContain('checkIn');

    const scheduled = await s.w.estimate({ currentState: 'scheduled' });
    const vinless = await s.call(
      s.w.sessions.installerA,
      'GET',
      `/api/requestimates/${scheduled.request.id}/actions`,
    );
    expect(vinless.json().buttons).toContainEqual({
      action: 'checkIn',
      label: 'CHECK IN',
      isEnabled: false,
      disabledReason: 'Enter a valid VIN to check in',
    });
    const withVin = await s.call(
      s.w.sessions.installerA,
      'GET',
      `/api/requestimates/${scheduled.request.id}/actions?vin=${VALID_VIN}`,
    );
    expect(withVin.json().buttons).toContainEqual({ action: 'checkIn', label: 'CHECK IN', isEnabled: true });

    const assist = await s.call(s.w.sessions.installerAAssist, 'GET', url);
    expect(assist.json().actions).toEqual([]);
    expect((await s.call(s.w.sessions.installerC, 'GET', url)).statusCode).toBe(404);
  });
});
