import type { TRequestimate, TRequestOffer } from '@app/contracts/service-requests.contract';
import type { AccessLevel } from '@app/domain/identity/access';
import { describe, expect, it } from 'vitest';
import type { StoredCompany } from '../../lib/session-store';
import { buildDealerRecord, buildInstallerRecord } from '../../test/fixtures';
import type { PanelSelection } from './action-buttons';
import { listPanelButtons } from './action-buttons';
import { buildEstimate, buildOffer, buildRequest, buildService } from './service-requests.fixtures';

const dealerCompany: StoredCompany = { kind: 'dealer', record: buildDealerRecord() };
const installerCompany: StoredCompany = { kind: 'installer', record: buildInstallerRecord() };

function dealerButtons(
  request: TRequestimate,
  { access = 'STANDARD', offers = [], selection = {}, company = dealerCompany } = {} as {
    access?: AccessLevel;
    offers?: TRequestOffer[];
    selection?: PanelSelection;
    company?: StoredCompany;
  },
) {
  return listPanelButtons({
    user: { userType: 'dealer', access, companyId: 5 },
    company,
    request,
    offers,
    selection,
    today: '2026-01-03',
  });
}

function installerButtons(
  request: TRequestimate,
  { access = 'STANDARD', offers = [], selection = {} } = {} as {
    access?: AccessLevel;
    offers?: TRequestOffer[];
    selection?: PanelSelection;
  },
) {
  return listPanelButtons({
    user: { userType: 'installer', access, companyId: 7 },
    company: installerCompany,
    request,
    offers,
    selection,
    today: '2026-01-03',
  });
}

/** 'LABEL' when enabled, '(LABEL)' when disabled. */
function describeButtons(buttons: ReturnType<typeof listPanelButtons>): string[] {
  return buttons.map((button) => (button.isEnabled ? button.label : `(${button.label})`));
}

const assigned = { assignedTo: 7, installerName: 'Elite Auto Film' };

describe('action buttons for dealers', () => {
  it('new request: only delete', () => {
    expect(describeButtons(dealerButtons(buildRequest()))).toEqual(['delete']);
  });

  it('answered: ASSIGN waits for a chosen installer with an accepted offer', () => {
    const request = buildRequest({ currentState: 'answered' });
    const offers = [
      buildOffer({ installerId: 7, currentStatus: 'accepted', startDate: '2026/01/06 08:00:00' }),
    ];
    const before = dealerButtons(request, { offers });
    expect(describeButtons(before)).toEqual(['(ASSIGN)', 'delete']);
    expect(before[0]?.disabledReason).toBe('Choose an installer');
    expect(describeButtons(dealerButtons(request, { offers, selection: { installerId: 7 } }))).toEqual([
      'ASSIGN',
      'delete',
    ]);
  });

  it('scheduled, received and started jobs are read-only for the dealer', () => {
    for (const currentState of ['scheduled', 'received', 'started'] as const) {
      expect(dealerButtons(buildRequest({ currentState, ...assigned }))).toEqual([]);
    }
  });

  it('finished: DELIVER and delete; collected: REVIEW once a score is set', () => {
    expect(describeButtons(dealerButtons(buildRequest({ currentState: 'finished', ...assigned })))).toEqual([
      'DELIVER',
      'delete',
    ]);
    const collected = buildRequest({ currentState: 'collected', ...assigned });
    expect(describeButtons(dealerButtons(collected))).toEqual(['(REVIEW)']);
    expect(describeButtons(dealerButtons(collected, { selection: { reviewScore: 4 } }))).toEqual(['REVIEW']);
  });

  it('CUSTOMER CONTRACT only for a dealership with customer contracts', () => {
    const contractCompany: StoredCompany = {
      kind: 'dealer',
      record: buildDealerRecord({ customer_contract: 'Y' }),
    };
    expect(describeButtons(dealerButtons(buildRequest(), { company: contractCompany }))).toEqual([
      'CUSTOMER CONTRACT',
      'delete',
    ]);
  });

  it('ASSIST sees no action buttons at all', () => {
    const request = buildRequest({ currentState: 'finished', ...assigned });
    expect(dealerButtons(request, { access: 'ASSIST' })).toEqual([]);
  });
});

describe('action buttons for installers', () => {
  it('own estimate, new: BOOK JOB, JOB COMPLETED and delete', () => {
    expect(describeButtons(installerButtons(buildEstimate()))).toEqual([
      'BOOK JOB',
      'JOB COMPLETED',
      'delete',
    ]);
  });

  it('dealer request assigned to it, new: BOOK JOB only; merely offered: ACCEPT, CLAIM and REJECT', () => {
    expect(describeButtons(installerButtons(buildRequest({ ...assigned })))).toEqual(['BOOK JOB']);
    const offers = [buildOffer({ installerId: 7, currentStatus: 'offered' })];
    expect(describeButtons(installerButtons(buildRequest(), { offers }))).toEqual([
      'ACCEPT',
      'CLAIM',
      'REJECT',
    ]);
  });

  it('CHECK IN follows the VIN typed in the field: upper-cased, 17 characters, no I, O, Q, no NV placeholder', () => {
    const job = buildRequest({ currentState: 'scheduled', ...assigned, vin: 'NV1767225600000' });
    const checkIn = (vin: string) =>
      installerButtons(job, { selection: { vin } }).find((button) => button.key === 'checkIn');
    expect(checkIn('1HGCM82633A00435')?.isEnabled).toBe(false);
    expect(checkIn('1hgcm82633a004352')?.isEnabled).toBe(true);
    expect(checkIn('1HGCM82633A00435I')?.isEnabled).toBe(false);
    expect(checkIn('NV1767225600000AB')?.isEnabled).toBe(false);
    expect(checkIn('')?.isEnabled).toBe(false);
  });

  it('scheduled: CHECK IN (needs a valid VIN) and RESCHEDULE', () => {
    const job = buildRequest({ currentState: 'scheduled', ...assigned });
    expect(describeButtons(installerButtons(job))).toEqual(['CHECK IN', 'RESCHEDULE']);
    const withoutVin = buildRequest({ currentState: 'scheduled', ...assigned, vin: 'NV1767225600000' });
    expect(describeButtons(installerButtons(withoutVin))).toEqual(['(CHECK IN)', 'RESCHEDULE']);
  });

  it('received: START SERVICE needs a selected service in state new', () => {
    const job = buildRequest({ currentState: 'received', ...assigned });
    const none = installerButtons(job);
    expect(describeButtons(none)).toEqual(['(START SERVICE)']);
    expect(none[0]?.disabledReason).toBe('Select a service first');
    const selected = installerButtons(job, {
      selection: { service: buildService({ service_state: 'new' }) },
    });
    expect(describeButtons(selected)).toEqual(['START SERVICE']);
  });

  it('started: START / FINISH SERVICE follow the selected service; COMPLETE JOB is always there', () => {
    const job = buildRequest({ currentState: 'started', ...assigned });
    expect(describeButtons(installerButtons(job))).toEqual([
      '(START SERVICE)',
      '(FINISH SERVICE)',
      'COMPLETE JOB',
    ]);
    const startedService = { service: buildService({ service_state: 'started' }) };
    expect(describeButtons(installerButtons(job, { selection: startedService }))).toEqual([
      '(START SERVICE)',
      'FINISH SERVICE',
      'COMPLETE JOB',
    ]);
    const newService = { service: buildService({ service_state: 'new' }) };
    expect(describeButtons(installerButtons(job, { selection: newService }))).toEqual([
      'START SERVICE',
      '(FINISH SERVICE)',
      'COMPLETE JOB',
    ]);
  });

  it('finished: DELIVER (and delete on its own estimate)', () => {
    expect(
      describeButtons(installerButtons(buildRequest({ currentState: 'finished', ...assigned }))),
    ).toEqual(['DELIVER']);
    expect(describeButtons(installerButtons(buildEstimate({ currentState: 'finished' })))).toEqual([
      'DELIVER',
      'delete',
    ]);
  });

  it('ASSIST sees no action buttons at all', () => {
    expect(installerButtons(buildEstimate(), { access: 'ASSIST' })).toEqual([]);
    expect(
      installerButtons(buildRequest({ currentState: 'started', ...assigned }), { access: 'ASSIST' }),
    ).toEqual([]);
  });
});
