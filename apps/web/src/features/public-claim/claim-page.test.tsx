import { jobClaimMessages as m } from '@app/contracts/job-claim.contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render';

const link = '/claim?request=7&token=sent-token';
const job = {
  error: false,
  message: 'Claim link is valid.',
  jobDetails: {
    jobTotal: 450,
    serviceRequested: 'PPF - Full Front',
    availableDate: '2026/12/01 08:00:00',
    dueDate: '2026/12/10 08:00:00',
    location: 'Tampa, FL',
    vehicle: '2023 Toyota Camry',
    durationDays: 1,
    dealerName: null,
  },
};

async function reachRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Claim This Opportunity' }));
  await user.click(screen.getByLabelText('I have read and agree to the Platform Agreement'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/**
 * Continue to the next section, then wait until the page has moved focus to the section's heading (it does so on
 * the next animation frame): typing before that would lose keys to the heading.
 */
async function continueToNextSection(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Dana');
  await user.type(screen.getByLabelText(/^Last name/), 'Reyes');
  await user.type(screen.getByLabelText(/^Email/), 'Dana@Reyes.test');
  await user.type(screen.getByLabelText(/^Phone/), '8135550199');
  await continueToNextSection(user);
  await user.type(screen.getByLabelText(/^Business name/), 'Reyes Tint');
  await continueToNextSection(user);
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret-pass');
}

describe('the /claim page', () => {
  it('says M91 without asking the server when the link lacks the token', async () => {
    const server = installFakeFetch({});
    renderApp('/claim?request=7');
    expect(await screen.findByRole('heading', { name: m.unavailable })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(m.missingQuery);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(server.callsTo('GET', '/api/claim')).toHaveLength(0);
  });

  it.each([
    [
      'a 404 with the claimed flag',
      { status: 404, body: { code: 'NOT_FOUND', message: m.claimed, details: { claimed: true } } },
      m.claimed,
    ],
    [
      'a 404',
      { status: 404, body: { code: 'NOT_FOUND', message: 'whatever the server says' } },
      m.invalidLink,
    ],
    [
      'a 429',
      { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
      'Too many requests.',
    ],
    ['a 500', { status: 500, body: { code: 'INTERNAL', message: 'x' } }, m.validateFailed],
  ])('shows Claim Unavailable for %s', async (_name, answer, message) => {
    installFakeFetch({ 'GET /api/claim': answer });
    renderApp(link);
    expect(await screen.findByRole('heading', { name: m.unavailable })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('sends trimmed data without the confirmation and shows M32 on a 409', async () => {
    const server = installFakeFetch({
      'GET /api/claim': { body: job },
      'POST /api/claim/process': { status: 409, body: { code: 'CONFLICT', message: m.claimed } },
    });
    const user = userEvent.setup();
    renderApp(link);
    expect(await screen.findByRole('heading', { name: m.selected })).toBeInTheDocument();
    expect(screen.getByText('$450.00', { selector: 'p' })).toBeInTheDocument();
    await reachRegistration(user);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: m.claimButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.claimed);
    expect(server.callsTo('POST', '/api/claim/process')[0]?.body).toEqual({
      requestId: 7,
      token: 'sent-token',
      prospectData: {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@reyes.test',
        phone: '8135550199',
        businessName: 'Reyes Tint',
        password: 'secret-pass',
      },
    });
  });

  it('goes back to the section of a field the server refused', async () => {
    installFakeFetch({
      'GET /api/claim': { body: job },
      'POST /api/claim/process': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'body.prospectData.email: Please enter a valid email address',
          details: [{ field: 'body.prospectData.email', message: 'Please enter a valid email address' }],
        },
      },
    });
    const user = userEvent.setup();
    renderApp(link);
    await reachRegistration(user);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: m.claimButton }));
    expect(await screen.findByRole('heading', { name: 'Personal' })).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(m.claimFailed);
  });
});
