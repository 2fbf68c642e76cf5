import type { TInstallerDealership, TTemplate } from '@app/contracts/catalog-templates.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { filterByName, TemplatesPanel, templatesHeading } from './templates-panel';

const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7 });

function buildTemplate(overrides: Partial<TTemplate> = {}): TTemplate {
  return {
    template_id: 3,
    template_name: 'Dealer Standard Package',
    created_date: '2026-10-28T14:00:00.000Z',
    dealership_count: 1,
    service_count: 2,
    services: [
      { master_service_id: 11, description: 'Full Front PPF', service_category: 'PPF' },
      { master_service_id: 21, description: 'Ceramic Tint', service_category: 'Glass/Tint' },
    ],
    ...overrides,
  };
}

const sunrise: TInstallerDealership = {
  dealer_id: 5,
  dealer_name: 'Sunrise Motors',
  dealer_address_city: 'Tampa',
  dealer_address_state: 'FL',
  template_id: 3,
  template_name: 'Dealer Standard Package',
};
const harbor: TInstallerDealership = {
  ...sunrise,
  dealer_id: 6,
  dealer_name: 'Harbor Auto Group',
  template_id: null,
  template_name: null,
};

const catalog = [
  { master_service_id: 11, description: 'Full Front PPF', service_category: 'PPF', duration_days: 1 },
  { master_service_id: 12, description: 'Full Body PPF', service_category: 'PPF', duration_days: 3 },
  { master_service_id: 21, description: 'Ceramic Tint', service_category: 'Glass/Tint', duration_days: 0.5 },
];

function renderPanel(handlers: Record<string, FakeAnswer | FakeHandler> = {}) {
  signInAs(installer, { kind: 'installer', record: buildInstallerRecord({ Installer_id: 7 }) });
  const server = installFakeFetch({
    'GET /api/templates/7': { body: [buildTemplate()] },
    'GET /api/dealerships/7': { body: [sunrise, harbor] },
    'GET /api/services/catalog/7': { body: catalog },
    ...handlers,
  });
  renderWithProviders(<TemplatesPanel />, '/services?mode=templates');
  return { server, user: userEvent.setup() };
}

describe('templates panel helpers', () => {
  it('titles the list and filters by name locally', () => {
    expect(templatesHeading(1, false)).toBe('All Templates (1 Template(s))');
    expect(templatesHeading(0, true)).toBe('Name Filter Results');
    expect(
      filterByName([buildTemplate(), buildTemplate({ template_name: 'Fleet' })], ' fle').map(
        (t) => t.template_name,
      ),
    ).toEqual(['Fleet']);
  });
});

describe('TemplatesPanel', () => {
  it('lists the templates with their counts and the created day', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Templates' });
    expect(screen.getByRole('heading', { name: 'All Templates (1 Template(s))' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Template Name', 'Dealerships', 'Services', 'Created', 'Actions']);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dealer Standard Package', '1', '2', '2026-10-28', '']);
  });

  it('shows M225 with Create Your First Template when there are none', async () => {
    const { user } = renderPanel({ 'GET /api/templates/7': { body: [] } });
    expect(await screen.findByText('No templates found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Your First Template' }));
    expect(await screen.findByRole('dialog', { name: 'Create Template' })).toBeInTheDocument();
  });

  it('says M219 with Try Again when the list cannot be loaded, and loads again', async () => {
    let fail = true;
    const { user } = renderPanel({
      'GET /api/templates/7': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { body: [buildTemplate()] },
    });
    expect(await screen.findByText('Failed to load templates. Please refresh the page.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Templates' })).toBeInTheDocument();
  });

  it('searches by name on the server (row 141), and by name locally when the search fails', async () => {
    let searchFails = false;
    const { server, user } = renderPanel({
      'GET /api/templates/7': {
        body: [buildTemplate(), buildTemplate({ template_id: 4, template_name: 'Fleet' })],
      },
      'GET /api/templates/7/search': () =>
        searchFails
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { body: [buildTemplate({ template_id: 4, template_name: 'Fleet' })] },
    });
    await screen.findByRole('table', { name: 'Templates' });
    await user.type(screen.getByLabelText('Template name', { selector: 'input' }), 'fle');
    expect(await screen.findByRole('heading', { name: 'Name Filter Results' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/templates/7/search').at(-1)?.url.searchParams.get('name')).toBe(
        'fle',
      ),
    );
    await waitFor(() => expect(screen.queryByText('Dealer Standard Package')).not.toBeInTheDocument());
    searchFails = true;
    await user.type(screen.getByLabelText('Template name', { selector: 'input' }), 'e');
    expect(
      await screen.findByText('Search is unavailable; showing templates whose name matches.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Template name', { selector: 'input' }));
    await user.type(screen.getByLabelText('Template name', { selector: 'input' }), 'standard');
    expect(await screen.findByRole('button', { name: 'Edit Dealer Standard Package' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(await screen.findByRole('heading', { name: 'All Templates (2 Template(s))' })).toBeInTheDocument();
  });

  it('creates a template: M223 and M224 first, then the name and the ticked services of each tab', async () => {
    let posted: unknown;
    const { user } = renderPanel({
      'POST /api/templates': (request) => {
        posted = request.body;
        return {
          status: 201,
          body: { ...buildTemplate({ template_id: 9, template_name: 'Fleet' }), dealerships: [] },
        };
      },
    });
    await screen.findByRole('table', { name: 'Templates' });
    await user.click(screen.getByRole('button', { name: 'ADD NEW TEMPLATE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    await within(dialog).findByRole('tab', { name: 'PPF (0)' });
    await user.click(within(dialog).getByRole('button', { name: 'CREATE TEMPLATE' }));
    expect(within(dialog).getByText('Template name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one service must be selected')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Template Name' }), 'Fleet');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Full Body PPF' }));
    expect(within(dialog).getByRole('tab', { name: 'PPF (1)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Glass/Tint (0)' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ceramic Tint' }));
    expect(within(dialog).getByRole('tab', { name: 'Glass/Tint (1)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CREATE TEMPLATE' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Template' })).not.toBeInTheDocument(),
    );
    expect(posted).toEqual({ template_name: 'Fleet', services: [12, 21], type_id: 7 });
  });

  it('edits a template from its name and shows the server’s 409 text', async () => {
    const { user } = renderPanel({
      'PUT /api/templates/7/3': {
        status: 409,
        body: { code: 'CONFLICT', message: 'A template named "Fleet" already exists' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Dealer Standard Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByRole('textbox', { name: 'Template Name' })).toHaveValue(
      'Dealer Standard Package',
    );
    expect(await within(dialog).findByRole('tab', { name: 'PPF (1)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Full Front PPF' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE TEMPLATE' }));
    expect(await within(dialog).findByText('A template named "Fleet" already exists')).toBeInTheDocument();
  });

  it('lists a template’s dealerships under its name, assigns and removes (rows 138–140)', async () => {
    let detailDealerships = [sunrise];
    const { server, user } = renderPanel({
      'GET /api/templates/7/3/detail': () => ({
        body: { ...buildTemplate(), dealerships: detailDealerships },
      }),
      'POST /api/templates/7/3/dealerships': (request) => {
        detailDealerships = [sunrise, harbor];
        return {
          body: {
            success: true,
            message: 'Template assignment updated.',
            template_id: 3,
            dealership_ids: (request.body as { dealership_ids: number[] }).dealership_ids,
            replaced: [],
          },
        };
      },
      'DELETE /api/templates/7/3/dealerships': () => {
        detailDealerships = [];
        return {
          body: { success: true, message: 'Template assignment updated.', template_id: 3, removed: [5] },
        };
      },
    });
    await user.click(
      await screen.findByRole('button', { name: '1 dealership(s) using Dealer Standard Package' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dealer Standard Package' });
    expect(await within(dialog).findByText('Sunrise Motors')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Assign to dealerships', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /Harbor Auto Group/ }));
    await user.click(within(dialog).getByRole('button', { name: 'ASSIGN TEMPLATE' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/templates/7/3/dealerships')[0]?.body).toEqual({
        dealership_ids: [6],
      }),
    );
    expect(await within(dialog).findByText('Harbor Auto Group')).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove Sunrise Motors from Dealer Standard Package' }),
    );
    expect(
      await within(dialog).findByText('No dealerships are currently using this template'),
    ).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/templates/7/3/dealerships')[0]?.body).toEqual({
      dealership_ids: [5],
    });
  });

  it('deletes after a confirmation naming the template (rule 121, M222), or shows M221', async () => {
    let deleteFails = true;
    const { user } = renderPanel({
      'DELETE /api/templates/7/3': () =>
        deleteFails
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { body: { success: true, message: 'Template deleted successfully.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Dealer Standard Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Template' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the template "Dealer Standard Package"?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await within(dialog).findByText('Failed to delete template')).toBeInTheDocument();
    deleteFails = false;
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('Template deleted successfully.')).toBeInTheDocument();
  });

  it('hides every action from a read-only (ASSIST) user', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7, access: 'ASSIST' }));
    installFakeFetch({
      'GET /api/templates/7': { body: [buildTemplate()] },
      'GET /api/dealerships/7': { body: [] },
    });
    renderWithProviders(<TemplatesPanel />, '/services?mode=templates');
    await screen.findByRole('table', { name: 'Templates' });
    expect(screen.queryByRole('button', { name: 'ADD NEW TEMPLATE' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Dealer Standard Package' })).not.toBeInTheDocument();
  });
});
