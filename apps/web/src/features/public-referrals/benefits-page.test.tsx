import { referralMessages } from '@app/contracts/referrals.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, installFakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render';

const link = '/public/benefits?referral=41&token=benefits-token-abc';
const offer = {
  referral_id: 41,
  customer_first_name: 'Kevin',
  dealer_name: 'Harbor Auto Group',
  vehicle_info: '2024 Toyota Camry',
  vin: '4T1B11HK5RU123456',
  status: 'VIEWED',
  interested: false,
  expired: false,
  zip_code: '33602',
  requested_service: 'Paint Protection Film, Detailing',
  services: [
    { key: 'ppf', name: 'Paint Protection Film', description: 'A clear film that stops chips.', ppf: true },
    { key: 'ceramic', name: 'Ceramic Coating', description: 'A glossy, easy-clean finish.', ppf: false },
    { key: 'tint', name: 'Window Tint', description: 'Cooler cabin, less glare.', ppf: false },
    { key: 'detailing', name: 'Detailing', description: 'Inside and out, like new.', ppf: false },
  ],
};
const interestReply = { success: true, status: 'OFFERED', offered_to: 3 };

function benefitsServer(
  interest: FakeAnswer = { body: interestReply },
  benefits: FakeAnswer = { body: offer },
) {
  return installFakeFetch({
    'GET /api/referral-benefits': benefits,
    'POST /api/referral-benefits/interest': interest,
  });
}

describe('customer benefits page', () => {
  it('shows the dealer, the vehicle and the services offered, read with the link of the e-mail', async () => {
    const server = benefitsServer();
    renderApp(link);
    expect(
      await screen.findByRole('heading', { name: 'Harbor Auto Group thanks you for your purchase' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2024 Toyota Camry')).toBeInTheDocument();
    const services = screen.getByRole('region', { name: 'Protection services' });
    for (const service of offer.services) {
      expect(within(services).getByRole('heading', { name: service.name })).toBeInTheDocument();
      expect(within(services).getByText(service.description)).toBeInTheDocument();
    }
    expect(server.callsTo('GET', '/api/referral-benefits')[0]?.url.searchParams.toString()).toBe(
      'referral=41&token=benefits-token-abc',
    );
  });

  it('sends the chosen services, the prefilled ZIP and the phone, then thanks the customer', async () => {
    const server = benefitsServer();
    renderApp(link);
    const user = userEvent.setup();
    const services = await screen.findByRole('group', { name: /Services you are interested in/ });
    expect(within(services).getByRole('checkbox', { name: 'Paint Protection Film' })).toBeChecked();
    expect(within(services).getByRole('checkbox', { name: 'Detailing' })).toBeChecked();
    await user.click(within(services).getByRole('checkbox', { name: 'Detailing' }));
    expect(screen.getByLabelText(/^ZIP code/)).toHaveValue('33602');
    await user.click(within(services).getByRole('checkbox', { name: 'Window Tint' }));
    await user.type(screen.getByLabelText(/^Phone/), '(813) 555-0142');
    await user.click(screen.getByRole('button', { name: "I'm interested" }));

    expect(
      await screen.findByText('A local specialist will contact you within 24–48 hours.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/referral-benefits/interest')[0]?.body).toEqual({
      referral: 41,
      token: 'benefits-token-abc',
      services: ['ppf', 'tint'],
      zip: '33602',
      phone: '(813) 555-0142',
    });
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it('asks for a service, a ZIP code and a valid phone before sending', async () => {
    const server = benefitsServer();
    renderApp(link);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Paint Protection Film' }));
    await user.click(screen.getByRole('checkbox', { name: 'Detailing' }));
    await user.clear(screen.getByLabelText(/^ZIP code/));
    await user.type(screen.getByLabelText(/^Phone/), '555');
    await user.click(screen.getByRole('button', { name: "I'm interested" }));

    expect(screen.getByText('Choose at least one service')).toBeInTheDocument();
    expect(screen.getByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(screen.getByText(referralMessages.phone)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/referral-benefits/interest')).toHaveLength(0);
  });

  it('shows the thank-you state at once to a customer who already said they are interested', async () => {
    benefitsServer(undefined, { body: { ...offer, interested: true, status: 'OFFERED' } });
    renderApp(link);
    expect(
      await screen.findByText('A local specialist will contact you within 24–48 hours.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it('explains an expired offer', async () => {
    benefitsServer(undefined, { body: { ...offer, expired: true } });
    renderApp(link);
    expect(await screen.findByRole('heading', { name: 'This Offer Has Expired' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();
  });

  it.each([
    [
      'a link the server does not know',
      link,
      { status: 404, body: { code: 'NOT_FOUND', message: 'This link is not valid.' } },
    ],
    ['a link without its token', '/public/benefits?referral=41', { body: offer }],
  ] as const)('shows a friendly page for %s', async (_case, path, answer) => {
    const server = benefitsServer(undefined, answer);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'This Link Is Not Valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'write to our support team' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(server.callsTo('GET', '/api/referral-benefits')).toHaveLength(path === link ? 1 : 0);
  });

  it('says when the interest could not be sent and keeps the choices', async () => {
    benefitsServer('network-error');
    renderApp(link);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "I'm interested" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(referralMessages.network);
    expect(screen.getByRole('checkbox', { name: 'Paint Protection Film' })).toBeChecked();
  });
});
