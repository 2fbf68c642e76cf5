import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeAnswer, installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildCatalogService } from '../request-wizard/request-wizard.fixtures';
import type { WizardMode } from '../request-wizard/service-lines';
import type { SelectedService } from '../request-wizard/wizard-rules';
import { RunningTotal } from './running-total';
import { useRunningQuote } from './use-running-quote';

const bumper: SelectedService = {
  service: buildCatalogService({ service_id: 21, description: 'Bumper Repaint', service_cost: 484.5 }),
  retailPrice: 570,
};
const tint: SelectedService = {
  service: buildCatalogService({
    service_id: 22,
    master_service_id: 2,
    description: 'Window Tint',
    service_cost: 200,
    duration_days: 0.5,
    retail_price: 250,
  }),
  retailPrice: 250,
};

/** A wizard's selection in miniature: its services can change and the dealer can set a retail price. */
function Harness(props: {
  mode: WizardMode;
  taxInstallerId: number | null;
  initial: SelectedService[];
  next: SelectedService[];
  withMarginView?: boolean;
}) {
  const [services, setServices] = useState(props.initial);
  const quote = useRunningQuote(services, { requestType: props.mode, taxInstallerId: props.taxInstallerId });
  return (
    <>
      <button type="button" onClick={() => setServices(props.next)}>
        Change services
      </button>
      <button
        type="button"
        onClick={() => setServices(services.map((s, i) => (i === 0 ? { ...s, retailPrice: 700 } : s)))}
      >
        Raise first retail price
      </button>
      <RunningTotal
        quote={quote}
        payerLabel={props.mode === 'dealer' ? 'You pay' : 'Customer pays'}
        withMarginView={props.withMarginView}
      />
    </>
  );
}

function row(name: RegExp) {
  return within(screen.getByRole('region', { name: 'Running total' })).getByRole('row', { name });
}

describe('running total', () => {
  it('follows the dealer’s services: services, no discount, the included fee, no tax, what the dealer pays and the days', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 5 }));
    const server = installFakeFetch({});
    const user = userEvent.setup();
    renderWithProviders(
      <Harness mode="dealer" taxInstallerId={null} initial={[bumper]} next={[bumper, tint]} />,
    );
    expect(row(/^Services/)).toHaveTextContent('$484.50');
    expect(row(/^Discount/)).toHaveTextContent('$0.00');
    // 5 % of 484.50 = 24.225, half up to 24.23; part of the price, not added to it.
    expect(row(/^Platform fee \(included\)/)).toHaveTextContent('$24.23');
    expect(row(/^Tax/)).toHaveTextContent('$0.00');
    expect(row(/^You pay/)).toHaveTextContent('$484.50');
    expect(row(/^Total duration/)).toHaveTextContent('1 day(s)');

    await user.click(screen.getByRole('button', { name: 'Change services' }));
    expect(row(/^Services/)).toHaveTextContent('$684.50');
    expect(row(/^You pay/)).toHaveTextContent('$684.50');
    expect(row(/^Total duration/)).toHaveTextContent('1.5 day(s)');
    expect(screen.getByRole('region', { name: 'Running total' })).toHaveAttribute('aria-busy', 'false');
    // Dealer work has no tax: nothing to read from the server.
    expect(server.calls.filter((c) => c.path.startsWith('/api/taxes'))).toHaveLength(0);
    // No margin view unless the wizard asks for it.
    expect(screen.queryByRole('radio', { name: 'Margin' })).not.toBeInTheDocument();
  });

  it('toggles the dealer between the wholesale view and the margin its retail prices leave', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 5 }));
    installFakeFetch({});
    const user = userEvent.setup();
    renderWithProviders(
      <Harness mode="dealer" taxInstallerId={null} initial={[bumper, tint]} next={[]} withMarginView />,
    );
    expect(screen.getByRole('radio', { name: 'Wholesale' })).toBeChecked();
    expect(row(/^You pay/)).toHaveTextContent('$684.50');

    await user.click(screen.getByRole('radio', { name: 'Margin' }));
    expect(screen.getByRole('radio', { name: 'Margin' })).toBeChecked();
    expect(row(/^Wholesale total/)).toHaveTextContent('$684.50');
    expect(row(/^Retail total/)).toHaveTextContent('$820.00');
    expect(row(/^Margin/)).toHaveTextContent(/^Margin\$135\.50 \(\d+%\)$/);
    expect(screen.queryByRole('row', { name: /^You pay/ })).not.toBeInTheDocument();

    // A retail price the dealer changes moves the margin, not what it pays.
    await user.click(screen.getByRole('button', { name: 'Raise first retail price' }));
    expect(row(/^Retail total/)).toHaveTextContent('$950.00');
    expect(row(/^Margin/)).toHaveTextContent('$265.50');

    await user.click(screen.getByRole('radio', { name: 'Wholesale' }));
    expect(row(/^You pay/)).toHaveTextContent('$684.50');
  });

  it('keeps the figures, dimmed and busy, until the specialist’s tax rate arrives, then adds the tax', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    const rate = deferred<FakeAnswer>();
    installFakeFetch({ 'GET /api/taxes/7': () => rate.promise });
    renderWithProviders(<Harness mode="installer" taxInstallerId={7} initial={[bumper]} next={[]} />);
    const region = screen.getByRole('region', { name: 'Running total' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Updating the total')).toBeInTheDocument();
    expect(row(/^Services/)).toHaveTextContent('$484.50');

    rate.resolve({
      body: { id: 'txr_7', percentage: 7.5, installer_id: 7, display_name: 'Sales tax', inclusive: false },
    });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByLabelText('Updating the total')).not.toBeInTheDocument();
    // 7.5 % of 484.50 = 36.3375 → 36.34.
    expect(row(/^Tax \(7\.5%\)/)).toHaveTextContent('$36.34');
    expect(row(/^Customer pays/)).toHaveTextContent('$520.84');
  });

  it('says the tax is added on creation when the rate cannot be read', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    installFakeFetch({
      'GET /api/taxes/7': { status: 404, body: { code: 'NOT_FOUND', message: 'No rate' } },
    });
    renderWithProviders(<Harness mode="installer" taxInstallerId={7} initial={[bumper]} next={[]} />);
    const region = screen.getByRole('region', { name: 'Running total' });
    await waitFor(() => expect(row(/^Tax/)).toHaveTextContent('added on creation'));
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(row(/^Customer pays \(before tax\)/)).toHaveTextContent('$484.50');
  });
});
