import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore, tokensFromResponse } from '../lib/session-store';
import { installFakeFetch } from '../test/fake-fetch';
import { buildDealerRecord, buildUser, shellFakes, signInAs, tokenAnswer } from '../test/fixtures';
import { renderApp } from '../test/render';

describe('routes and guards', () => {
  it('sends a signed-out visit to /login and returns to the asked-for route after sign-in', async () => {
    const dealer = buildUser({ userType: 'dealer' });
    installFakeFetch({
      ...shellFakes(),
      'POST /api/auth/signin': { body: tokenAnswer(dealer) },
      'GET /api/dealers/5': { body: [buildDealerRecord()] },
    });
    const { router } = renderApp('/jobs?view=week');
    expect(await screen.findByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/jobs?view=week')}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'dealer@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234{Enter}');

    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(router.state.location.search).toBe('?view=week');
  });

  it('redirects / to /requestimates', async () => {
    signInAs(buildUser());
    installFakeFetch(shellFakes());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Requests' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/requestimates');
  });

  it('serves the trailing-slash forms of the wizards and the edit-job route', async () => {
    signInAs(buildUser({ userType: 'installer' }));
    installFakeFetch(shellFakes());
    const { router } = renderApp('/newestimate/');
    expect(await screen.findByRole('heading', { name: 'New Estimate' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is being built.')).not.toBeInTheDocument();
    await act(() => router.navigate('/editJob/42'));
    expect(await screen.findByRole('heading', { name: 'Edit Job #42' })).toBeInTheDocument();
  });

  it('shows installer-only screens to installers and "not available" to dealers', async () => {
    signInAs(buildUser({ userType: 'dealer' }));
    installFakeFetch(shellFakes());
    const { router } = renderApp('/calendar');
    expect(await screen.findByText('This page is not available for your account.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Calendar' })).not.toBeInTheDocument();

    act(() => signInAs(buildUser({ userType: 'installer' })));
    await act(() => router.navigate('/vehicles'));
    expect(await screen.findByRole('heading', { name: 'Vehicle Catalog Management' })).toBeInTheDocument();
  });

  it('shows User Management only to ADMIN', async () => {
    signInAs(buildUser({ userType: 'installer', access: 'STANDARD' }));
    installFakeFetch(shellFakes());
    const { router } = renderApp('/users');
    expect(await screen.findByText('This page is not available for your account.')).toBeInTheDocument();

    act(() => signInAs(buildUser({ userType: 'installer', access: 'ADMIN' })));
    await act(() => router.navigate('/jobs'));
    await act(() => router.navigate('/users'));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  });

  it('shows a not-found page with a link home for unknown paths', async () => {
    installFakeFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/claim/abc123', 'Claim Unavailable'],
    ['/referralclaim/xyz', 'Invalid Referral Link'],
    ['/public/referral', 'Refer a Customer'],
  ])('serves %s without signing in', async (path, title) => {
    installFakeFetch({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lets Go' })).not.toBeInTheDocument();
  });

  it('clears a session whose company record is still missing after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dealer = buildUser({ userType: 'dealer' });
    sessionStore.saveTokens(tokensFromResponse(tokenAnswer(dealer)), dealer);
    const server = installFakeFetch({
      'GET /api/dealers/5': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    renderApp('/jobs');

    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/dealers/5')).toHaveLength(1));
    // jsdom cannot reload; the page reload itself is the browser's job.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    consoleError.mockRestore();
    expect(sessionStore.getSnapshot().tokens).toBeNull();
  });

  it('recovers a missing company record within the 5 seconds', async () => {
    const dealer = buildUser({ userType: 'dealer' });
    sessionStore.saveTokens(tokensFromResponse(tokenAnswer(dealer)), dealer);
    installFakeFetch({ ...shellFakes(), 'GET /api/dealers/5': { body: [buildDealerRecord()] } });
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(sessionStore.getSnapshot().company?.kind).toBe('dealer');
  });

  it('refreshes the access token a minute before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dealer = buildUser();
    signInAs(dealer); // expiresIn 900 s
    const server = installFakeFetch({
      ...shellFakes(dealer),
      'POST /api/auth/refresh': { body: tokenAnswer(dealer, '2') },
    });
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(830_000));
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({});
    expect(sessionStore.getSnapshot().tokens?.accessToken).toBe('access-token-2');
  });

  it('shows the footer with copyright and version', async () => {
    signInAs(buildUser());
    installFakeFetch(shellFakes());
    renderApp('/requestimates');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
    expect(within(footer).getByText('Version 3.18')).toBeInTheDocument();
  });
});
