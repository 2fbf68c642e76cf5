import { calendarExportMessages } from '@app/contracts/calendar-export.contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, installFakeFetch } from '../../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ExportWeekButton } from './export-week-button';

const PATH = '/api/installerCalendars/7/week.pdf';

function signIn() {
  signInAs(buildUser({ userType: 'installer', userId: 12, companyId: 7 }), {
    kind: 'installer',
    record: buildInstallerRecord({ Installer_id: 7 }),
  });
}

describe('ExportWeekButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('outside the week view says M141 and asks nothing of the server', async () => {
    signIn();
    const fake = installFakeFetch({});
    renderWithProviders(<ExportWeekButton installerId={7} view="month" weekStart="2026-11-23" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Week' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(calendarExportMessages.weekViewOnly);
    expect(fake.calls).toHaveLength(0);
  });

  it('in the week view downloads the week’s PDF named with its dates, busy meanwhile', async () => {
    signIn();
    const answer = deferred<{ body: unknown }>();
    const fake = installFakeFetch({ [`GET ${PATH}`]: () => answer.promise });
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:week'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<ExportWeekButton installerId={7} view="week" weekStart="2026-11-23" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Week' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export Week' })).toHaveAttribute('aria-busy', 'true'),
    );
    expect(fake.callsTo('GET', PATH)[0]?.url.searchParams.get('start')).toBe('2026-11-23');
    answer.resolve({ body: '%PDF-1.3' });
    await waitFor(() => expect(clicked).toEqual(['calendar-week-2026-11-23-to-2026-11-29.pdf']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failure says M134', async () => {
    signIn();
    installFakeFetch({ [`GET ${PATH}`]: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    renderWithProviders(<ExportWeekButton installerId={7} view="week" weekStart="2026-11-23" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Week' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(calendarExportMessages.failed);
  });
});
