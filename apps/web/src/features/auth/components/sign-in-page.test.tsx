import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import type { FakeAnswer } from '../../../test/fake-fetch';
import { deferred, installFakeFetch } from '../../../test/fake-fetch';
import {
  buildDealerRecord,
  buildInstallerRecord,
  buildUser,
  shellFakes,
  tokenAnswer,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const M2 = 'Sign in failed. Please check your credentials and try again.';

async function fillAndSubmit(email = 'dealer@demo.test', password = 'demo1234') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), `${password}{Enter}`);
  return user;
}

describe('sign-in screen', () => {
  it('shows the title, fields, links and the Lets Go button', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lets Go' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit our homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('shows M2 when the server answers 401 INVALID_CREDENTIALS, and stores nothing', async () => {
    const server = installFakeFetch({
      'POST /api/auth/signin': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: M2 } },
    });
    renderApp('/login');
    await fillAndSubmit('dealer@demo.test', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(M2);
    expect(server.callsTo('POST', '/api/auth/signin')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      password: 'wrong-password',
    });
    expect(sessionStore.getSnapshot().tokens).toBeNull();
    expect(screen.getByRole('button', { name: 'Lets Go' })).toBeEnabled();
  });

  it('shows M6 when the sign-in call gets no answer', async () => {
    installFakeFetch({ 'POST /api/auth/signin': 'network-error' });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your connection and try again.',
    );
  });

  it("shows the server's message on 429 and M5 on other failures", async () => {
    let answer: FakeAnswer = {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Try again in 15 minutes.' },
    };
    installFakeFetch({ 'POST /api/auth/signin': () => answer });
    renderApp('/login');
    const user = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );

    answer = { status: 503, body: { code: 'INTERNAL', message: 'Service unavailable' } };
    await user.click(screen.getByRole('button', { name: 'Lets Go' }));
    expect(await screen.findByText('Error processing login. Please try again.')).toBeInTheDocument();
  });

  it('shows M7 when the dealer record cannot be loaded, and revokes the unused session', async () => {
    const dealer = buildUser({ userType: 'dealer' });
    const server = installFakeFetch({
      'POST /api/auth/signin': { body: tokenAnswer(dealer) },
      'GET /api/dealers/5': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
      'POST /api/auth/signout': { body: { success: true } },
    });
    renderApp('/login');
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading dealer information. Please try again.',
    );
    expect(sessionStore.getSnapshot().tokens).toBeNull();
    await waitFor(() => expect(server.callsTo('POST', '/api/auth/signout')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/auth/signout')[0]?.body).toEqual({});
  });

  it('shows M8 when the installer record is an empty list', async () => {
    const installer = buildUser({ userType: 'installer' });
    installFakeFetch({
      'POST /api/auth/signin': { body: tokenAnswer(installer) },
      'GET /api/installers/7': { body: [] },
    });
    renderApp('/login');
    await fillAndSubmit('installer@demo.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading installer information. Please try again.',
    );
  });

  it('signs a dealer in with Enter: loading state, company loaded with the new token, then /requestimates', async () => {
    const dealer = buildUser({ userType: 'dealer' });
    const signInAnswer = deferred<FakeAnswer>();
    const server = installFakeFetch({
      ...shellFakes(dealer),
      'POST /api/auth/signin': () => signInAnswer.promise,
      'GET /api/dealers/5': { body: [buildDealerRecord()] },
    });
    renderApp('/login');
    await fillAndSubmit();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Lets Go' })).toHaveAttribute('data-loading'),
    );
    signInAnswer.resolve({ body: tokenAnswer(dealer) });

    expect(await screen.findByRole('heading', { name: 'Requests' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/dealers/5')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-token-1',
    );
    const session = sessionStore.getSnapshot();
    expect(session.user).toEqual(dealer);
    expect(session.company?.kind).toBe('dealer');
    expect(session.tokens?.accessToken).toBe('access-token-1');
    // The refresh token is the server's HttpOnly cookie: nothing a script can read keeps it.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('refresh-token-1');
  });

  it('loads the installer record for users outside the Dealer group', async () => {
    const installer = buildUser({ userType: 'installer' });
    const server = installFakeFetch({
      ...shellFakes(installer),
      'POST /api/auth/signin': { body: tokenAnswer(installer) },
      'GET /api/installers/7': { body: [buildInstallerRecord()] },
    });
    renderApp('/login');
    await fillAndSubmit('installer@demo.test');
    expect(await screen.findByRole('heading', { name: 'Requests' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/installers/7')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/dealers/7')).toHaveLength(0);
  });

  it('validates the fields before calling the server', async () => {
    const server = installFakeFetch({});
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lets Go' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/signin')).toHaveLength(0);
  });
});

describe('forgot-password state', () => {
  it('asks for a reset link and shows a neutral confirmation', async () => {
    const server = installFakeFetch({ 'POST /api/auth/request-password-reset': { body: { success: true } } });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'someone@demo.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // The address typed so far is carried over.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('someone@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText(/If an account exists for someone@demo.test/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'someone@demo.test',
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Lets Go' })).toBeInTheDocument();
  });
});
