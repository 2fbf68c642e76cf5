import { describe, expect, it } from 'vitest';
import { buildInstallerRecord } from '../../test/fixtures';
import { listPanelButtons } from './action-buttons';
import { buildRequest } from './service-requests.fixtures';

/** 002 §6, §9 (catalogue 4.2 item 7): the action panel says why a trial specialist cannot complete a job yet. */
describe('COMPLETE JOB for a trial specialist', () => {
  const buttonsFor = (record: ReturnType<typeof buildInstallerRecord>) =>
    listPanelButtons({
      user: { userType: 'installer', access: 'STANDARD', companyId: 7 },
      company: { kind: 'installer', record },
      request: buildRequest({ currentState: 'started', assignedTo: 7, installerName: 'Clearview Tint' }),
      offers: [],
      selection: {},
      today: '2026-01-03',
    }).find((button) => button.label === 'COMPLETE JOB');

  it('is disabled with the reason until payment setup is complete, then enabled', () => {
    const before = buttonsFor(buildInstallerRecord({ is_trial: true, onboarding_complete: false }));
    expect(before).toMatchObject({
      isEnabled: false,
      disabledReason: 'Finish payment setup before completing jobs',
    });
    const after = buttonsFor(buildInstallerRecord({ is_trial: true, onboarding_complete: true }));
    expect(after?.isEnabled).toBe(true);
    // Not a trial: no payment setup needed to complete.
    expect(buttonsFor(buildInstallerRecord({ is_trial: false, onboarding_complete: false }))?.isEnabled).toBe(
      true,
    );
  });
});
