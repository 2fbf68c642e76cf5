import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { VersionBanner } from './version-banner';

describe('version banner', () => {
  it('stays hidden while the published version is the running one', async () => {
    const server = installFakeFetch({ 'GET /meta.json': { body: { version: '3.18' } } });
    renderWithProviders(<VersionBanner />);
    await waitFor(() => expect(server.callsTo('GET', '/meta.json')).toHaveLength(1));
    // Cache-busting query, as 002 §2.4 asks.
    expect(server.callsTo('GET', '/meta.json')[0]?.url.searchParams.get('t')).toMatch(/^\d+$/);
    expect(screen.queryByText(/is available/)).not.toBeInTheDocument();
  });

  it('stays hidden when the check fails', async () => {
    const server = installFakeFetch({ 'GET /meta.json': 'network-error' });
    renderWithProviders(<VersionBanner />);
    await waitFor(() => expect(server.callsTo('GET', '/meta.json')).toHaveLength(1));
    expect(screen.queryByText(/is available/)).not.toBeInTheDocument();
  });

  it('appears when the published version differs, with Reload and Dismiss', async () => {
    installFakeFetch({ 'GET /meta.json': { body: { version: '3.19' } } });
    renderWithProviders(<VersionBanner />);
    expect(await screen.findByText('A new version (3.19) is available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('A new version (3.19) is available.')).not.toBeInTheDocument();
  });
});
