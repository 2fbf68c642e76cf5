import { calendarFeedMessages as m, type TCalendarFeedLink } from '@app/contracts/calendar-feed.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CalendarFeedLink } from './calendar-feed-link';

const PATH = '/api/calendarFeed/7';
const urlOf = (token: string) => `http://127.0.0.1:3000/api/calendar/${token.padEnd(43, 'x')}.ics`;

function link(token: string | null, active = token !== null): TCalendarFeedLink {
  return {
    installerId: 7,
    active,
    url: token === null ? null : urlOf(token),
    createdAt: active ? '2026-11-01T10:00:00.000Z' : null,
  };
}

function signIn(access: 'STANDARD' | 'ASSIST' = 'STANDARD') {
  signInAs(buildUser({ userType: 'installer', userId: 12, companyId: 7, access }), {
    kind: 'installer',
    record: buildInstallerRecord({ Installer_id: 7 }),
  });
}

const region = () => screen.getByRole('region', { name: m.title });

describe('CalendarFeedLink', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the link, copies it, and resets it after confirming', async () => {
    signIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = installFakeFetch({
      [`GET ${PATH}`]: { body: link('old') },
      [`POST ${PATH}/reset`]: { body: link('new') },
    });
    renderWithProviders(<CalendarFeedLink installerId={7} />);
    const input = await screen.findByRole('textbox', { name: 'Subscription URL' });
    expect(input).toHaveValue(urlOf('old'));

    await userEvent.click(within(region()).getByRole('button', { name: m.copy }));
    expect(writeText).toHaveBeenCalledWith(urlOf('old'));
    expect(await screen.findByText(m.copied)).toBeInTheDocument();

    await userEvent.click(within(region()).getByRole('button', { name: m.reset }));
    const dialog = await screen.findByRole('dialog', { name: m.resetTitle });
    expect(dialog).toHaveTextContent(m.resetConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: m.reset }));
    await waitFor(() => expect(input).toHaveValue(urlOf('new')));
    expect(fake.callsTo('POST', `${PATH}/reset`)).toHaveLength(1);
    expect(await screen.findByText(m.resetDone)).toBeInTheDocument();
  });

  it('offers to create the link when there is none; a failure says so', async () => {
    signIn();
    let answer: { status: number; body: unknown } = { status: 500, body: { code: 'INTERNAL', message: 'x' } };
    installFakeFetch({
      [`GET ${PATH}`]: { body: link(null) },
      [`POST ${PATH}`]: () => answer,
    });
    renderWithProviders(<CalendarFeedLink installerId={7} />);
    expect(await screen.findByText(m.none)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.saveFailed);
    answer = { status: 201, body: link('made') };
    await userEvent.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByRole('textbox', { name: 'Subscription URL' })).toHaveValue(urlOf('made'));
    expect(screen.queryByRole('button', { name: m.create })).not.toBeInTheDocument();
  });

  it('lets ASSIST copy but not create, reset or turn off; an unreadable link asks for a reset', async () => {
    signIn('ASSIST');
    installFakeFetch({ [`GET ${PATH}`]: { body: link('shared') } });
    const { unmount } = renderWithProviders(<CalendarFeedLink installerId={7} />);
    await screen.findByRole('textbox', { name: 'Subscription URL' });
    expect(screen.getByRole('button', { name: m.copy })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.reset })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.turnOff })).not.toBeInTheDocument();
    unmount();

    signIn();
    installFakeFetch({ [`GET ${PATH}`]: { body: { ...link(null, true) } } });
    renderWithProviders(<CalendarFeedLink installerId={7} />);
    expect(await screen.findByText(m.unreadable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.reset })).toBeInTheDocument();
  });

  it('shows the load failure with Try again', async () => {
    signIn();
    installFakeFetch({ [`GET ${PATH}`]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    renderWithProviders(<CalendarFeedLink installerId={7} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.loadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
