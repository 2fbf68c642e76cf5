import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../test/fixtures';
import { renderApp } from '../test/render';

describe('shell layout', () => {
  it('shows the company title and the user name in the top bar', async () => {
    const dealer = buildUser({ userType: 'dealer' });
    signInAs(dealer);
    installFakeFetch(shellFakes(dealer));
    renderApp('/requestimates');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Sunrise Motors')).toBeInTheDocument();
    expect(within(header).getByText('Dana Dealer')).toBeInTheDocument();
    // Dealers have no calendar, so no Calendar shortcut in the mobile header.
    expect(within(header).queryByRole('link', { name: 'Calendar' })).not.toBeInTheDocument();
  });

  it('opens the menu in a drawer from the mobile menu toggle, and closes it on navigation', async () => {
    const installer = buildUser({ userType: 'installer', access: 'STANDARD' });
    signInAs(installer);
    installFakeFetch(shellFakes(installer));
    const { router } = renderApp('/requestimates');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');

    const user = userEvent.setup();
    await user.click(within(header).getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const drawerMenu = within(drawer).getByRole('navigation', { name: 'Main menu' });
    // Decision 15: Referrals show on mobile for installers too (not for DIRECT).
    expect(within(drawerMenu).getByRole('link', { name: /Referrals/ })).toBeInTheDocument();

    await user.click(within(drawerMenu).getByRole('link', { name: /Jobs/ }));
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the first Tab reaches 'Skip to main content', which moves the focus into the page", async () => {
    const dealer = buildUser({ userType: 'dealer' });
    signInAs(dealer);
    installFakeFetch(shellFakes(dealer));
    const { router } = renderApp('/requestimates');
    await screen.findByRole('banner');
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(router.state.location.hash).toBe('');
  });
});
