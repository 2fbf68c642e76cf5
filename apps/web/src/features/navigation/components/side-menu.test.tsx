import type { TSessionUser } from '@app/contracts/auth.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import type { FakeAnswer } from '../../../test/fake-fetch';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SideMenu } from './side-menu';

const navbarCounts = {
  requestCount: 4,
  jobCount: 12,
  pickupCount: 3,
  referralCount: 2,
  authenticated: 1,
  calendar: null,
};
const serverError: FakeAnswer = { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } };

function menuLinks() {
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  return within(menu).getAllByRole('link');
}

function menuLabels(): string[] {
  return menuLinks().map((link) => link.querySelector('.mantine-NavLink-label')?.textContent ?? '');
}

function renderMenu(user: TSessionUser, path = '/requestimates') {
  signInAs(user);
  return renderWithProviders(<SideMenu user={user} />, path);
}

describe('side menu entries', () => {
  it('shows every entry to an installer ADMIN', async () => {
    installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    renderMenu(buildUser({ userType: 'installer', access: 'ADMIN' }));
    expect(menuLabels()).toEqual([
      'Referrals',
      'Requests',
      'Jobs',
      'Pickup/Deliver',
      'Calendar',
      'Financials',
      'Customers',
      'Services',
      'Vehicles',
      'Profile',
      'User Management',
    ]);
    expect(menuLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/referrals',
      '/requestimates',
      '/jobs',
      '/pickups',
      '/calendar',
      '/financials',
      '/customers',
      '/services',
      '/vehicles',
      '/profile',
      '/users',
    ]);
  });

  it('shows a dealer ASSIST the dealer entries with Referrals and Pickup/Review', async () => {
    installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    renderMenu(buildUser({ userType: 'dealer', access: 'ASSIST' }));
    expect(menuLabels()).toEqual(['Referrals', 'Requests', 'Jobs', 'Pickup/Review', 'Financials']);
  });

  it('hides Referrals from a dealer DIRECT', async () => {
    installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    renderMenu(buildUser({ userType: 'dealer', access: 'DIRECT' }));
    expect(menuLabels()).toEqual(['Requests', 'Jobs', 'Pickup/Review', 'Financials']);
  });

  it('highlights the entry of the current page', async () => {
    installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    renderMenu(buildUser(), '/jobs');
    const jobs = menuLinks().find((link) => link.getAttribute('href') === '/jobs');
    expect(jobs).toHaveAttribute('aria-current', 'page');
    expect(jobs).toHaveAttribute('data-active');
  });

  it('shows the version, the help links and Sign Out', async () => {
    installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    renderMenu(buildUser());
    expect(screen.getByText('Version 3.18')).toBeInTheDocument();
    const help = screen.getByRole('navigation', { name: 'Help and policies' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dealer help',
      'Specialist help',
      'Release notes',
      'Privacy policy',
      'Third-party API policy',
    ]);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

describe('side menu counts', () => {
  it('shows Loading, then the counts of the cached call', async () => {
    const server = installFakeFetch({ 'GET /api/navbar-data-cached': { body: navbarCounts } });
    const dealer = buildUser({ userType: 'dealer', access: 'STANDARD' });
    renderMenu(dealer);
    expect(screen.getByText('Loading')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: /Jobs\s*12/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Requests\s*4/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pickup\/Review\s*3/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Referrals\s*2/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();

    const query = server.callsTo('GET', '/api/navbar-data-cached')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      entityId: '5',
      userId: '11',
      userType: 'dealer',
      access: 'STANDARD',
    });
  });

  it('falls back to the legacy counts (and referral counts for dealers) when the cached call fails', async () => {
    const server = installFakeFetch({
      'GET /api/navbar-data-cached': serverError,
      'GET /api/counts/': {
        body: [
          { current_state: 'new', total: 2 },
          { current_state: 'answered', total: 3 },
          { current_state: 'scheduled', total: 1 },
          { current_state: 'started', total: 4 },
          { current_state: 'finished', total: 6 },
          { current_state: 'collected', total: 1 },
          { current_state: 'reviewed', total: 9 },
        ],
      },
      'GET /api/referralcounts/': { body: { referralCount: 8 } },
    });
    renderMenu(buildUser({ userType: 'dealer', access: 'STANDARD' }));

    expect(await screen.findByRole('link', { name: /Requests\s*5/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Jobs\s*5/ })).toBeInTheDocument();
    // Dealers count collected work as pickups too.
    expect(screen.getByRole('link', { name: /Pickup\/Review\s*7/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Referrals\s*8/ })).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo('GET', '/api/counts/')[0]?.url.searchParams ?? [])).toEqual({
      userId: '11',
      userType: 'dealer',
    });
    // The fallback is silent: the menu still has numbers, so no error toast or message.
    expect(screen.queryByText('An unexpected error occurred.')).not.toBeInTheDocument();
    expect(screen.queryByText('Error loading data')).not.toBeInTheDocument();
  });

  it('asks no referral count for installers or DIRECT dealers in the fallback', async () => {
    const server = installFakeFetch({
      'GET /api/navbar-data-cached': serverError,
      'GET /api/counts/': { body: [{ current_state: 'collected', total: 2 }] },
    });
    renderMenu(buildUser({ userType: 'installer', access: 'STANDARD' }));
    expect(await screen.findByRole('link', { name: /Pickup\/Deliver\s*0/ })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/referralcounts/')).toHaveLength(0);
  });

  it('shows Error loading data with a Retry button when both sources fail, and Retry recovers', async () => {
    let isDown = true;
    const server = installFakeFetch({
      'GET /api/navbar-data-cached': () => (isDown ? serverError : { body: navbarCounts }),
      'GET /api/counts/': serverError,
      'GET /api/referralcounts/': serverError,
    });
    renderMenu(buildUser({ userType: 'dealer', access: 'STANDARD' }));

    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/counts/')).toHaveLength(1);
    // The entries stay usable without counts.
    expect(menuLabels()).toContain('Requests');

    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Jobs\s*12/ })).toBeInTheDocument();
    expect(screen.queryByText('Error loading data')).not.toBeInTheDocument();
  });
});

describe('sign out', () => {
  it('revokes the refresh token, clears the session and goes to /login', async () => {
    const server = installFakeFetch({
      'GET /api/navbar-data-cached': { body: navbarCounts },
      'POST /api/auth/signout': { status: 204 },
    });
    renderMenu(buildUser());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(sessionStore.getSnapshot().tokens).toBeNull();
    await waitFor(() => expect(server.callsTo('POST', '/api/auth/signout')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/auth/signout')[0]?.body).toEqual({});
  });
});
