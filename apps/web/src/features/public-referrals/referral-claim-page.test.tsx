import { referralMessages } from '@app/contracts/referrals.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeAnswer, installFakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render';
import { publicFailureCases } from './public-failure-cases';

const link = '/referralclaim?referral=41&token=claim-token-abc';
const preview = {
  success: true,
  referral_preview: {
    customer_name: 'Kevin B.',
    service_type: 'PPF',
    location_area: 'Tampa, FL',
    vehicle_info: '2024 Toyota Camry',
    expiration_date: '2026/12/01 12:00:00',
  },
};
const claimed = {
  success: true,
  message: 'Referral claimed successfully!',
  referral_id: 41,
  customer_details: {
    name: 'Kevin Brown',
    phone: '8135550142',
    email: 'kevin@example.com',
    service_requested: 'PPF',
    location: 'Tampa, FL',
    vehicle: '2024 Toyota Camry',
  },
  email_sent_to: 'sam@shinebros.test',
};

async function fillClaimForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Your name/), 'Sam Shine');
  await user.type(screen.getByLabelText(/^E-mail/), 'Sam@ShineBros.test');
  await user.type(screen.getByLabelText(/^Phone/), '+1 (813) 555-0100');
  await user.type(screen.getByLabelText(/^Business name/), 'Shine Bros');
}

function claimServer(claimAnswer: FakeAnswer) {
  return installFakeFetch({
    'GET /api/claimreferral': { body: preview },
    'POST /api/claimreferral': claimAnswer,
  });
}

describe('public referral claim page', () => {
  it('shows Invalid Referral Link without asking the server when the link lacks the referral or token', async () => {
    const server = installFakeFetch({});
    renderApp('/referralclaim?referral=41');
    expect(await screen.findByRole('heading', { name: 'Invalid Referral Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(referralMessages.invalidLink);
    expect(server.callsTo('GET', '/api/claimreferral')).toHaveLength(0);
  });

  it('says it is validating, then shows the preview of the lead', async () => {
    const answer = deferred<FakeAnswer>();
    const server = installFakeFetch({ 'GET /api/claimreferral': () => answer.promise });
    renderApp(link);
    expect(await screen.findByText('Validating referral...')).toBeInTheDocument();
    answer.resolve({ body: preview });

    const details = await screen.findByRole('region', { name: 'Lead Details' });
    expect(screen.getByRole('heading', { name: 'Claim This Referral' })).toBeInTheDocument();
    expect(screen.queryByText('Validating referral...')).not.toBeInTheDocument();
    for (const text of ['Kevin B.', 'PPF', 'Tampa, FL', '2024 Toyota Camry']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(details).toHaveTextContent('until Tue, Dec 1st 2026');
    expect(server.callsTo('GET', '/api/claimreferral')[0]?.url.searchParams.toString()).toBe(
      'referral=41&token=claim-token-abc',
    );
  });

  it.each([
    [404, 'NOT_FOUND', referralMessages.expired],
    [404, 'NOT_FOUND', referralMessages.invalidLink],
    [409, 'CONFLICT', referralMessages.alreadyClaimed],
  ])('shows Invalid Referral Link with the message of a %i answer', async (status, code, message) => {
    installFakeFetch({ 'GET /api/claimreferral': { status, body: { code, message } } });
    renderApp(link);
    expect(await screen.findByRole('heading', { name: 'Invalid Referral Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Claim Referral' })).not.toBeInTheDocument();
  });

  it('checks every field on submit and clears an error once its field is edited', async () => {
    const server = claimServer({ body: claimed });
    renderApp(link);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim Referral' }));

    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Business name is required',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^Your name/), 'S');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Phone/), '555-0100');
    await user.click(screen.getByRole('button', { name: 'Claim Referral' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/claimreferral')).toHaveLength(0);
  });

  it('claims with the token and shows the customer contact details', async () => {
    const server = claimServer({ body: claimed });
    renderApp(link);
    const user = userEvent.setup();
    await fillClaimForm(user);
    await user.click(screen.getByRole('button', { name: 'Claim Referral' }));

    expect(await screen.findByRole('heading', { name: 'Referral Claimed' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/claimreferral')[0]?.body).toEqual({
      referral_id: 41,
      claim_token: 'claim-token-abc',
      specialist_name: 'Sam Shine',
      specialist_email: 'sam@shinebros.test',
      specialist_phone: '8135550100',
      specialist_business: 'Shine Bros',
    });
    expect(screen.getByText('Referral claimed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kevin@example.com' })).toHaveAttribute(
      'href',
      'mailto:kevin@example.com',
    );
    expect(screen.getByRole('link', { name: '(813) 555-0142' })).toHaveAttribute('href', 'tel:+18135550142');
    expect(
      screen.getByText('A copy of these details was e-mailed to sam@shinebros.test.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Next Steps' })).toHaveTextContent(/within 24 hours/);
    expect(screen.getByRole('link', { name: /Learn how we send local leads/ })).toHaveAttribute('href', '/');
  });

  it.each(
    publicFailureCases(
      {
        label: 'the server message of a 409',
        status: 409,
        code: 'CONFLICT',
        message: referralMessages.alreadyClaimed,
      },
      { label: 'M79 on a server failure', message: referralMessages.claimFailed },
    ),
  )('a failed claim shows %s and keeps the form', async (_case, answer, message) => {
    claimServer(answer);
    renderApp(link);
    const user = userEvent.setup();
    await fillClaimForm(user);
    await user.click(screen.getByRole('button', { name: 'Claim Referral' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Business name/)).toHaveValue('Shine Bros');
  });
});
