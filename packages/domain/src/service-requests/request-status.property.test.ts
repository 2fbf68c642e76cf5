import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type ActionInput,
  type ActorContext,
  actions,
  applyServiceTransition,
  applyTransition,
  decideTransition,
  isTerminalRequestState,
  listAvailableActions,
  listRelationships,
  type RequestContext,
  requestStates,
  transitionTable,
} from './request-status';
import {
  A,
  asAssist,
  assignedDealerJob,
  B,
  C,
  dealer,
  estimate,
  G,
  installerA,
  installerB,
  installerC,
  makeActor,
  openDealerRequest,
  otherDealer,
} from './request-status.test-fixtures';
import type { ServiceState } from './service-status';

const today = '2025-03-10';

/** Dealer, installers with and without a part in the request, another company, and ASSIST users. */
const actorPool: readonly ActorContext[] = [
  dealer,
  asAssist(dealer),
  otherDealer,
  installerA,
  asAssist(installerA),
  installerB,
  installerC,
  makeActor('installer', G, { isInstallerGroupEnabled: true, groupInstallerIds: [A] }),
  { ...installerB, isTrial: true, isPaymentSetupComplete: false },
];

/** Every (action, from, to) the table allows, for the request type. */
const allowedMoves = new Set(
  transitionTable.flatMap((rule) =>
    rule.requestTypes.flatMap((type) =>
      rule.from.map(
        (from) => `${type}:${rule.action}:${from}->${rule.to.state === 'unchanged' ? from : rule.to.state}`,
      ),
    ),
  ),
);

const serviceOrder: Record<ServiceState, number> = { new: 0, started: 1, finished: 2 };

const arbInput: fc.Arbitrary<ActionInput> = fc.record(
  {
    startDate: fc.oneof(
      fc.integer({ min: -5, max: 60 }).map((n) => {
        const d = new Date(Date.UTC(2025, 2, 10 + n));
        return d.toISOString().slice(0, 10);
      }),
      fc.constantFrom('garbage', '2025-02-30', ''),
    ),
    installerId: fc.constantFrom(A, B, C, G, 99),
    toInstallerId: fc.constantFrom(A, B, C, G),
    isVinValid: fc.boolean(),
    vin: fc.constantFrom('1HGCM82633A004352', 'NV123'),
    reviewScore: fc.oneof(fc.integer({ min: -1, max: 7 }), fc.double({ noNaN: false })),
    depositAmountCents: fc.integer({ min: -100, max: 60_000 }),
  },
  { requiredKeys: [] },
);

/**
 * Most commands press one of the buttons the actor is offered (so sequences get deep into the
 * lifecycle); the rest try any action at all.
 */
const arbCommand = fc.record({
  action: fc.constantFrom<Action>(...actions),
  isOfferedAction: fc.boolean(),
  choice: fc.nat(),
  actorIndex: fc.nat({ max: actorPool.length - 1 }),
  input: arbInput,
  serviceIndex: fc.constantFrom(0, 1, 2, null),
  withToday: fc.boolean(),
});

function pickAction(
  command: { action: Action; isOfferedAction: boolean; choice: number },
  actor: ActorContext,
  request: RequestContext,
): Action {
  if (!command.isOfferedAction) return command.action;
  // Deleting ends a sequence, so it is pressed only one time in ten when something else is offered.
  const all = listAvailableActions({ actor, request });
  const rest = all.filter((action) => action !== 'delete');
  const offered = rest.length > 0 && command.choice % 10 !== 0 ? rest : all;
  return offered.length === 0 ? command.action : offered[Math.floor(command.choice / 10) % offered.length]!;
}

const arbStart = fc
  .record({
    kind: fc.constantFrom('open', 'assigned', 'estimate'),
    customerContract: fc.constantFrom<'Y' | 'N'>('Y', 'N'),
    isContractSigned: fc.boolean(),
    durationDays: fc.constantFrom(0.5, 1, 2, 3.5),
    depositAmountCents: fc.constantFrom(0, 5_000),
  })
  .map(({ kind, ...overrides }): RequestContext => {
    if (kind === 'open') return openDealerRequest('new', {}, overrides);
    if (kind === 'assigned') return assignedDealerJob('new', 'offered', overrides);
    return estimate('new', overrides);
  });

describe('random action sequences by random actors (property)', () => {
  it('stay inside the transition table', () => {
    fc.assert(
      fc.property(arbStart, fc.array(arbCommand, { maxLength: 40, size: 'max' }), (start, commands) => {
        let request = start;
        let services = [
          { serviceId: 1, serviceState: 'new' as ServiceState },
          { serviceId: 2, serviceState: 'new' as ServiceState },
          { serviceId: 3, serviceState: 'new' as ServiceState },
        ];
        for (const command of commands) {
          const actor = actorPool[command.actorIndex]!;
          const action = pickAction(command, actor, request);
          const selected = command.serviceIndex === null ? undefined : services[command.serviceIndex];
          const before = request;
          const decision = decideTransition(action, {
            actor,
            request,
            input: command.input,
            ...(selected ? { service: selected } : {}),
            ...(command.withToday ? { today } : {}),
          });

          if (actor.access === 'ASSIST') expect(decision).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
          if (listRelationships(actor, request).length === 0) {
            expect(decision).toMatchObject({ ok: false, reason: 'FORBIDDEN' });
          }
          if (isTerminalRequestState(before.currentState)) expect(decision.ok).toBe(false);
          if (!decision.ok) {
            expect(['INVALID_TRANSITION', 'FORBIDDEN', 'VALIDATION_FAILED']).toContain(decision.reason);
            expect(decision.message.length).toBeGreaterThan(0);
            continue;
          }

          // A shown button for every accepted action.
          expect(listAvailableActions({ actor, request: before })).toContain(action);

          request = applyTransition(before, decision, actor);
          const nextServices = applyServiceTransition(services, decision);

          const move = `${before.requestType}:${action}:${before.currentState}->${request.currentState}`;
          expect(allowedMoves.has(move), move).toBe(true);
          expect(requestStates).toContain(request.currentState);

          for (const [i, service] of nextServices.entries()) {
            const previous = services[i]!.serviceState;
            expect(serviceOrder[service.serviceState]).toBeGreaterThanOrEqual(serviceOrder[previous]);
          }
          services = nextServices;

          if (action === 'claim') {
            expect(request.currentState).toBe('scheduled');
            expect(request.assignedInstallerId).toBe(actor.companyId);
          }
          if (request.currentState === 'started') {
            expect(services.some((s) => s.serviceState !== 'new')).toBe(true);
          }
          if (
            ['finished', 'collected', 'reviewed'].includes(request.currentState) &&
            before.currentState !== request.currentState &&
            action !== 'deliver' &&
            action !== 'review'
          ) {
            expect(services.every((s) => s.serviceState === 'finished')).toBe(true);
          }
          if (request.requestType === 'installer') {
            expect(['answered', 'reviewed']).not.toContain(request.currentState);
          }
          if (request.currentState === 'deleted') {
            expect(request.offers.every((o) => o.currentStatus === 'deleted')).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reach every row of the table (the sequences go deep)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        arbStart,
        fc.array(arbCommand, { minLength: 30, maxLength: 60, size: 'max' }),
        (start, commands) => {
          let request = start;
          let services = [
            { serviceId: 1, serviceState: 'new' as ServiceState },
            { serviceId: 2, serviceState: 'new' as ServiceState },
          ];
          for (const command of commands) {
            const actor = actorPool[command.actorIndex]!;
            const decision = decideTransition(pickAction(command, actor, request), {
              actor,
              request,
              input: { ...command.input, isVinValid: true, reviewScore: 5, startDate: '2025-03-12' },
              service: services[(command.serviceIndex ?? 0) % services.length]!,
            });
            if (!decision.ok) continue;
            seen.add(decision.ruleId);
            request = applyTransition(request, decision, actor);
            services = applyServiceTransition(services, decision);
          }
        },
      ),
      { numRuns: 500, seed: 42 },
    );
    expect([...seen].sort()).toEqual(transitionTable.map((rule) => rule.id).sort());
  });
});
