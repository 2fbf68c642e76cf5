import type { TSessionUser } from '@app/contracts/auth.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildReferral, buildSummary, FIXTURE_REFERRAL_VIN } from './referrals.fixtures';
import { ReferralsPage } from './referrals-page';

const dealer = buildUser({ userType: 'dealer', userId: 11, companyId: 5 });
const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7 });

function renderScreen(
  user: TSessionUser,
  handlers: Record<string, FakeAnswer | FakeHandler>,
  path = '/referrals',
) {
  signInAs(user);
  const server = installFakeFetch({
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/referrals/summary/5': { body: buildSummary() },
    ...handlers,
  });
  const view = renderWithProviders(<ReferralsPage />, path);
  return { ...view, server, user: userEvent.setup() };
}

function rows(name: string) {
  return within(screen.getByRole('list', { name })).getAllByRole('button');
}

describe('dealer', () => {
  it('lists referrals with date, vehicle, customer, days remaining and status, with the funnel on top', async () => {
    renderScreen(dealer, {
      'GET /api/referrals/11': {
        body: [
          buildReferral(),
          buildReferral({ referral_id: 32, customer_name: 'Old Lead', expired: true, days_remaining: 0 }),
          buildReferral({
            referral_id: 33,
            status: 'CLAIMED',
            days_remaining: null,
            customer_name: 'Claimed Lead',
          }),
        ],
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Referrals' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Your referrals' });
    const [fresh, expired, claimed] = rows('Your referrals');
    expect(fresh).toHaveTextContent('Mon Jan 5');
    expect(fresh).toHaveTextContent('Jane Doe');
    expect(fresh).toHaveTextContent('2022 Toyota Camry');
    expect(fresh).toHaveTextContent('30 days remaining');
    expect(fresh).toHaveTextContent('New');
    expect(expired).toHaveTextContent('Expired');
    expect(claimed).not.toHaveTextContent('remaining');
    expect(claimed).toHaveTextContent('Claimed');
    expect(
      screen.getByText('To view more detail of a referral, select one from the list.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('funnel-sold')).toHaveTextContent('4Sold');
    expect(screen.getByTestId('funnel-complete')).toHaveTextContent('1Complete');
    expect(screen.getByTestId('bonus-month')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('bonus-total')).toHaveTextContent('$125.00');
  });

  it('says how to start when there are none', async () => {
    renderScreen(dealer, { 'GET /api/referrals/11': { body: [] } });
    expect(await screen.findByText('Create a new referral by clicking "New Referral".')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list fails, and loads it again', async () => {
    let calls = 0;
    const { user } = renderScreen(dealer, {
      'GET /api/referrals/11': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
          : { body: [buildReferral()] };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The referrals could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('30 days remaining')).toBeInTheDocument();
  });

  it('shows the status message with the bonus and the history of a selected referral', async () => {
    const { user } = renderScreen(dealer, {
      'GET /api/referrals/11': {
        body: [
          buildReferral({
            status: 'COMPLETE',
            bonus_amount: 100,
            bonus_payable: true,
            days_remaining: null,
            history: [
              { status: 'NEW', changed_at: '2026/01/05 15:00:00' },
              { status: 'COMPLETE', changed_at: '2026/01/20 15:00:00' },
            ],
          }),
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: /Jane Doe/ }));
    expect(screen.getByTestId('referral-progress')).toHaveTextContent(
      "Work complete! Your $100.00 bonus is approved and will be paid with this month's payout.",
    );
    const details = screen.getByRole('region', { name: 'Referral details' });
    expect(within(details).getByText('Tue, Jan 20th 2026')).toBeInTheDocument();
  });

  it('adds a referral: errors under the fields, ADD only when valid, one call, M81, the new row selected', async () => {
    let created = false;
    const { user, server } = renderScreen(dealer, {
      'GET /api/referrals/11': () => ({
        body: created ? [buildReferral({ referral_id: 40, customer_name: 'Mary Ann Lee' })] : [],
      }),
      'POST /api/referrals/': () => {
        created = true;
        return {
          status: 201,
          body: { referralId: 40, referral_id: 40, insertId: 40, customerId: 9, status: 'NEW' },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New Referral' }));
    const form = screen.getByRole('form', { name: 'New Referral' });
    expect(within(form).getByText('Date Vehicle Sold')).toBeInTheDocument();
    const add = within(form).getByRole('button', { name: 'ADD' });
    expect(add).toBeDisabled();

    const vin = within(form).getByRole('textbox', { name: 'VIN' });
    await user.type(vin, '1hgcm8263');
    expect(vin).toHaveValue('1HGCM8263');
    expect(
      within(form).getByText('VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: 'Customer Name' }));
    await user.tab();
    expect(within(form).getByText('Customer name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Customer Email' }), 'mary@');
    expect(within(form).getByText('Please enter a valid customer email address')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await user.clear(vin);
    await user.type(vin, `${FIXTURE_REFERRAL_VIN.toLowerCase()}EXTRA`);
    expect(vin).toHaveValue(FIXTURE_REFERRAL_VIN);
    await user.type(within(form).getByRole('textbox', { name: 'Customer Name' }), 'mary ann lee');
    await user.type(within(form).getByRole('textbox', { name: 'Customer Email' }), 'example.com');
    expect(add).toBeEnabled();
    await user.click(add);

    expect(await screen.findByText('Sale Added to system')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/referrals/').map((call) => call.body)).toEqual([
      {
        vin: FIXTURE_REFERRAL_VIN,
        customerName: 'Mary Ann Lee',
        customerEmailAddress: 'mary@example.com',
        userId: 11,
        dealerId: 5,
        status: 'NEW',
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Referral #40' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/referrals?id=40');
    expect(rows('Your referrals')[0]).toHaveAttribute('aria-current', 'true');
  });

  it('CANCEL closes the form; ASSIST gets no New Referral', async () => {
    const { user } = renderScreen(dealer, { 'GET /api/referrals/11': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'New Referral' }));
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('form', { name: 'New Referral' })).not.toBeInTheDocument();
  });

  it('hides New Referral from an ASSIST dealer', async () => {
    renderScreen({ ...dealer, access: 'ASSIST' }, { 'GET /api/referrals/11': { body: [buildReferral()] } });
    await screen.findByText('30 days remaining');
    expect(screen.queryByRole('button', { name: 'New Referral' })).not.toBeInTheDocument();
  });

  it('plays the help walkthrough with captions, and the keys move through it', async () => {
    const { user } = renderScreen(dealer, { 'GET /api/referrals/11': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'How to Add a Referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to Add a Referral' });
    const caption = within(dialog).getByTestId('help-caption');
    expect(caption).toHaveTextContent('Step 1 of 5. Press New Referral');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(caption).toHaveTextContent('Step 2 of 5. Type the 17-character VIN');
    within(dialog).getByTestId('help-walkthrough').focus();
    await user.keyboard('{End}');
    expect(caption).toHaveTextContent('Step 5 of 5');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(caption).toHaveTextContent('Step 4 of 5');
  });
});

describe('the walkthrough and motion', () => {
  function preferReducedMotion() {
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...original(query),
      matches: query.includes('prefers-reduced-motion: reduce'),
    }));
  }

  it('plays by itself, and stands still for a viewer who prefers reduced motion', async () => {
    const { user, unmount } = renderScreen(dealer, { 'GET /api/referrals/11': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'How to Add a Referral' }));
    let dialog = await screen.findByRole('dialog', { name: 'How to Add a Referral' });
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    unmount();

    preferReducedMotion();
    const still = renderScreen(dealer, { 'GET /api/referrals/11': { body: [] } });
    await still.user.click(await screen.findByRole('button', { name: 'How to Add a Referral' }));
    dialog = await screen.findByRole('dialog', { name: 'How to Add a Referral' });
    expect(within(dialog).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('help-caption')).toHaveTextContent('Step 1 of 5');
    vi.restoreAllMocks();
  });
});

describe('installer', () => {
  const available = buildReferral({ referral_id: 50, status: 'OFFERED', customer_Email_Address: null });
  const owned = buildReferral({
    referral_id: 51,
    status: 'CLAIMED',
    specialist_action: 'owned',
    customer_name: 'Owen Owner',
    customer_Email_Address: 'owen@example.com',
    claimed_date: '2026/01/07 15:00:00',
    days_remaining: null,
  });

  it('lists available and owned leads with their action', async () => {
    renderScreen(installer, { 'GET /api/referrals/specialist/7': { body: [available, owned] } });
    const [first, second] = await waitFor(() => rows('Available Referrals'));
    expect(first).toHaveTextContent('Available to Claim');
    expect(second).toHaveTextContent('Ready to Convert');
    expect(screen.getByText('Select a referral to claim or convert to an estimate.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Referral' })).not.toBeInTheDocument();
  });

  it('says when no leads are available', async () => {
    renderScreen(installer, { 'GET /api/referrals/specialist/7': { body: [] } });
    expect(
      await screen.findByText('No referrals available at this time. Check back later for new opportunities.'),
    ).toBeInTheDocument();
  });

  it('claims a lead signed in (no token) and shows it Ready to Convert after the refetch', async () => {
    let claimed = false;
    const { user, server } = renderScreen(installer, {
      'GET /api/referrals/specialist/7': () => ({
        body: [claimed ? { ...available, status: 'CLAIMED', specialist_action: 'owned' } : available],
      }),
      'POST /api/claimreferral': () => {
        claimed = true;
        return {
          body: {
            success: true,
            message: 'Referral claimed',
            referral_id: 50,
            customer_details: {
              name: 'Jane Doe',
              phone: null,
              email: 'jane@example.com',
              service_requested: 'PPF',
              location: 'Tampa, FL',
              vehicle: '2022 Toyota Camry',
            },
            email_sent_to: 'shop@elite.test',
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Available to Claim/ }));
    const details = screen.getByRole('region', { name: 'Referral details' });
    expect(within(details).getByRole('heading', { name: 'Lead Details' })).toBeInTheDocument();
    expect(details).toHaveTextContent('Tampa, FL');
    expect(details).toHaveTextContent('PPF');
    await user.click(within(details).getByRole('button', { name: 'CLAIM REFERRAL' }));

    expect(await screen.findByText('Referral claimed successfully!')).toBeInTheDocument();
    const [claim] = server.callsTo('POST', '/api/claimreferral');
    expect(claim?.body).toEqual({ referral_id: 50 });
    expect(claim?.headers.get('Authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(rows('Available Referrals')[0]).toHaveTextContent('Ready to Convert'));
    expect(within(details).getByRole('button', { name: 'CONVERT TO ESTIMATE' })).toBeInTheDocument();
  });

  it("shows the server's message when another specialist was quicker, and M79 otherwise", async () => {
    let answer: FakeAnswer = {
      status: 409,
      body: { code: 'CONFLICT', message: 'This referral has already been claimed by another specialist.' },
    };
    const { user } = renderScreen(installer, {
      'GET /api/referrals/specialist/7': { body: [available] },
      'POST /api/claimreferral': () => answer,
    });
    await user.click(await screen.findByRole('button', { name: /Available to Claim/ }));
    await user.click(screen.getByRole('button', { name: 'CLAIM REFERRAL' }));
    expect(
      await screen.findByText('This referral has already been claimed by another specialist.'),
    ).toBeInTheDocument();
    answer = { status: 500, body: { code: 'INTERNAL', message: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'CLAIM REFERRAL' }));
    expect(await screen.findByText('Failed to claim referral. Please try again.')).toBeInTheDocument();
  });

  it('shows an owned lead with a mailto link and converts it in the wizard with the referral in state', async () => {
    const { user, router } = renderScreen(installer, {
      'GET /api/referrals/specialist/7': { body: [owned] },
    });
    await user.click(await screen.findByRole('button', { name: /Owen Owner/ }));
    const details = screen.getByRole('region', { name: 'Referral details' });
    expect(within(details).getByRole('link', { name: 'owen@example.com' })).toHaveAttribute(
      'href',
      'mailto:owen@example.com',
    );
    expect(details).toHaveTextContent('Wed, Jan 7th 2026');
    expect(details).toHaveTextContent(FIXTURE_REFERRAL_VIN);
    await user.click(within(details).getByRole('button', { name: 'CONVERT TO ESTIMATE' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/newestimate/');
    expect(router.state.location.state).toMatchObject({ referral: { referral_id: 51, customer_id: 41 } });
  });

  it('gives an ASSIST installer no action buttons', async () => {
    const { user } = renderScreen(
      { ...installer, access: 'ASSIST' },
      {
        'GET /api/referrals/specialist/7': { body: [available, owned] },
      },
    );
    await user.click(await screen.findByRole('button', { name: /Available to Claim/ }));
    expect(screen.queryByRole('button', { name: 'CLAIM REFERRAL' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Owen Owner/ }));
    expect(screen.queryByRole('button', { name: 'CONVERT TO ESTIMATE' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CLOSE' })).toBeInTheDocument();
  });
});
