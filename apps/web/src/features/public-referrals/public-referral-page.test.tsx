import { referralMessages } from '@app/contracts/referrals.contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, installFakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render';
import { publicFailureCases } from './public-failure-cases';

const vin = '1HGCM82633A004352';

async function fillReferral(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Your email/), 'Dealer@Demo.test');
  await user.type(screen.getByLabelText(/^Customer name/), 'Ana Lopez');
  await user.type(screen.getByLabelText(/^Customer email/), 'ana@example.com');
  await user.type(screen.getByLabelText(/^VIN/), vin.toLowerCase());
}

function referralServer(answer: FakeAnswer) {
  return installFakeFetch({ 'POST /api/public/referral': answer });
}

describe('public dealer referral page', () => {
  it('checks every field on submit with the messages of the spec and sends nothing', async () => {
    const server = referralServer({
      status: 201,
      body: { success: true, referralId: 77, status: 'NEW', error: null },
    });
    renderApp('/public/referral');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit Referral' }));
    for (const message of [
      'Your email is required',
      'Customer name is required',
      'Customer email is required',
      'VIN is required',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Your email/), 'dealer@');
    await user.type(screen.getByLabelText(/^Customer email/), 'ana@');
    await user.type(screen.getByLabelText(/^VIN/), '1HGCM82633A00435');
    expect(screen.queryByText('VIN is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid customer email address')).toBeInTheDocument();
    expect(screen.getByText(referralMessages.vin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^VIN/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/public/referral')).toHaveLength(0);
  });

  it('upper-cases the VIN as it is typed and takes at most 17 characters', async () => {
    referralServer({ status: 500 });
    renderApp('/public/referral');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^VIN/), `${vin.toLowerCase()}xyz`);
    expect(screen.getByLabelText(/^VIN/)).toHaveValue(vin);
  });

  it("submits, shows the referral with 'Active', and 'Submit Another Referral' keeps only the referring e-mail", async () => {
    const server = referralServer({
      status: 201,
      body: { success: true, referralId: 77, status: 'NEW', error: null },
    });
    renderApp('/public/referral');
    const user = userEvent.setup();
    await fillReferral(user);
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));

    expect(await screen.findByRole('heading', { name: 'Referral Submitted' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/public/referral')[0]?.body).toEqual({
      referring_email: 'dealer@demo.test',
      customer_name: 'Ana Lopez',
      customer_email: 'ana@example.com',
      vin,
    });
    expect(screen.getByText('#77')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Ana Lopez')).toBeInTheDocument();
    expect(screen.getByText('dealer@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What Happens Next' })).toHaveTextContent(
      /within 24–48 hours.*\$25, or \$100 for PPF/,
    );
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );

    await user.click(screen.getByRole('button', { name: 'Submit Another Referral' }));
    expect(screen.getByLabelText(/^Your email/)).toHaveValue('dealer@demo.test');
    expect(screen.getByLabelText(/^Customer name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Customer email/)).toHaveValue('');
    expect(screen.getByLabelText(/^VIN/)).toHaveValue('');
  });

  it.each(
    publicFailureCases(
      {
        label: "the server's message for an unknown dealer e-mail",
        status: 404,
        code: 'NOT_FOUND',
        message: referralMessages.unknownReferrer,
      },
      { label: 'M114 on a server failure', message: referralMessages.submitFailed },
    ),
  )('a failed submit shows %s and keeps what was typed', async (_case, answer, message) => {
    referralServer(answer);
    renderApp('/public/referral');
    const user = userEvent.setup();
    await fillReferral(user);
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Customer name/)).toHaveValue('Ana Lopez');
  });

  it("puts the server's field messages of a 400 under the fields", async () => {
    referralServer({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: `body.vin: ${referralMessages.vin}`,
        details: [{ field: 'body.vin', message: referralMessages.vin }],
      },
    });
    renderApp('/public/referral');
    const user = userEvent.setup();
    await fillReferral(user);
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText(referralMessages.vin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^VIN/)).toHaveAttribute('aria-invalid', 'true');
  });
});
