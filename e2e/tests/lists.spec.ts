import { expect, type Page, test } from '@playwright/test';
import { look, signInAs } from './helpers';

// The list and detail screen (000 §2; issue 3) on the built product with the demo data.

const modes = [
  { path: '/requestimates', title: 'Requests', list: 'Requests list', color: 'orange' },
  { path: '/jobs', title: 'Jobs', list: 'Jobs list', color: 'blue' },
  { path: '/pickups', title: 'Pickups', list: 'Pickups list', color: 'orange' },
] as const;

const accounts = [
  { email: 'dealer@demo.test', name: 'dealer' },
  { email: 'installer@demo.test', name: 'installer' },
] as const;

function rowsOf(page: Page, listName: string) {
  return page.getByRole('list', { name: listName }).getByRole('button');
}

/** The list row showing this state icon. */
function rowInState(page: Page, listName: string, state: string) {
  return rowsOf(page, listName).filter({ has: page.getByRole('img', { name: state, exact: true }) });
}

/** A full-page picture from the top (the shell's header and footer are fixed). */

/** The empty list's prompt and the header's link (issue 17) both lead to the wizard. */
async function expectCreateLinks(page: Page, label: string, href: string) {
  const links = page.getByRole('link', { name: label });
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', href);
}

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/requestimates$/);
}

async function openMode(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('desktop lists', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const account of accounts) {
    test(`${account.name}: every mode lists rows and a selected row shows help text and summary`, async ({
      page,
    }) => {
      await signIn(page, account.email);
      for (const mode of modes) {
        await openMode(page, mode.path, mode.title);
        const header = page.locator(`[data-header-color="${mode.color}"]`);
        await expect(header).toBeVisible();
        const rows = rowsOf(page, mode.list);
        await expect(rows.first()).toBeVisible();
        // Each row: 'Mon Jan 5' date, a service, a vehicle, a counterpart and a state icon.
        await expect(rows.first()).toContainText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{1,2}/);
        await expect(rows.first().getByRole('img')).toHaveCount(1);

        await rows.first().click();
        await expect(page).toHaveURL(/[?&]id=\d+/);
        await expect(rows.first()).toHaveAttribute('aria-current', 'true');
        const summary = page.getByRole('region', { name: 'Summary' });
        await expect(summary).toBeVisible();
        await expect(summary.getByRole('button', { name: 'Details' })).toBeVisible();
        await expect(page.getByRole('note', { name: 'Help' })).toBeVisible();
        await expect(
          page.getByRole('region', { name: 'Services' }).getByRole('listitem').first(),
        ).toBeVisible();
        // The map: an image linking to OpenStreetMap, or its offline fallback inside the same link.
        await expect(
          summary.locator('a[href^="https://www.openstreetmap.org/search?query="]:visible'),
        ).toBeVisible();
        await look(page, `lists-${account.name}-${mode.title.toLowerCase()}-1280`);
      }
    });
  }

  test('dealer: help text follows the state, and the selection survives a reload and back', async ({
    page,
  }) => {
    await signIn(page, 'dealer@demo.test');
    const help = page.getByRole('note', { name: 'Help' });

    await rowInState(page, 'Requests list', 'New').first().click();
    await expect(help).toHaveText('We are waiting for responses on this requested work');
    const firstUrl = page.url();

    await rowInState(page, 'Requests list', 'Answered').first().click();
    await expect(help).toHaveText('You can assign this work to a responding installer');
    // ASSIGN waits for a chosen installer among the responding ones.
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'ASSIGN' })).toBeDisabled();
    await page.getByRole('radio').first().check();
    await expect(actions.getByRole('button', { name: 'ASSIGN' })).toBeEnabled();
    // Pressing it is the lifecycle suite's journey (it changes the data); here we only read.
    await look(page, 'lists-dealer-answered-1280');

    await page.reload();
    await expect(help).toHaveText('You can assign this work to a responding installer');
    await page.goBack();
    await expect(page).toHaveURL(firstUrl);
    await expect(help).toHaveText('We are waiting for responses on this requested work');

    await openMode(page, '/jobs', 'Jobs');
    await rowInState(page, 'Jobs list', 'Scheduled').first().click();
    await expect(help).toHaveText('Elite Auto Film is waiting for the vehicle to arrive');
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Start');
    await rowInState(page, 'Jobs list', 'Started').first().click();
    await expect(help).toHaveText('Elite Auto Film has started your job');
  });

  test('installer: help text per state and service selection drives START/FINISH SERVICE', async ({
    page,
  }) => {
    await signIn(page, 'installer@demo.test');
    const help = page.getByRole('note', { name: 'Help' });
    await rowInState(page, 'Requests list', 'New').first().click();
    await expect(help).toHaveText('We are waiting for you to complete the estimate details');

    await openMode(page, '/jobs', 'Jobs');
    await rowInState(page, 'Jobs list', 'Scheduled').first().click();
    await expect(help).toHaveText(/^We are waiting for the car from .+ to arrive$/);

    await rowInState(page, 'Jobs list', 'Started').first().click();
    await expect(help).toHaveText(/^We will let .+ know when you finish this work$/);
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'FINISH SERVICE' })).toBeDisabled();
    await expect(actions.getByRole('button', { name: 'COMPLETE JOB' })).toBeEnabled();
    // The started service line enables FINISH SERVICE.
    const services = page.getByRole('region', { name: 'Services' });
    await services.getByRole('button').filter({ hasText: 'started' }).first().click();
    await expect(actions.getByRole('button', { name: 'FINISH SERVICE' })).toBeEnabled();
    await look(page, 'lists-installer-started-1280');

    await openMode(page, '/pickups', 'Pickups');
    await rowInState(page, 'Pickups list', 'Finished').first().click();
    await expect(help).toHaveText(/^We hope the work is done to .+'s satisfaction$/);
    await expect(actions.getByRole('button', { name: 'DELIVER' })).toBeEnabled();
  });

  test('keyboard: Tab reaches the rows, Enter selects and the arrow keys move the selection', async ({
    page,
  }) => {
    await signIn(page, 'installer@demo.test');
    await openMode(page, '/jobs', 'Jobs');
    const rows = rowsOf(page, 'Jobs list');
    await expect(rows.nth(1)).toBeVisible();
    // From the last link of the side menu, Tab goes on into the page until it reaches the first row.
    await page.getByRole('navigation', { name: 'Help and policies' }).getByRole('link').last().focus();
    for (let presses = 0; presses < 10; presses += 1) {
      if (await rows.first().evaluate((row) => row === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rows.first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(1)).toBeFocused();
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await look(page, 'lists-installer-keyboard-1280');
  });

  test('the Work Detail popup shows the itemized table and totals', async ({ page }) => {
    await signIn(page, 'dealer@demo.test');
    await openMode(page, '/pickups', 'Pickups');
    await rowsOf(page, 'Pickups list').first().click();
    await page.getByRole('region', { name: 'Summary' }).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^Work Detail for Sunrise Motors$/ })).toBeVisible();
    const table = dialog.getByRole('table', { name: 'Itemized services' });
    await expect(table.getByRole('columnheader')).toHaveText(['Category', 'Service', 'Amount', 'Duration']);
    await expect(table.getByRole('row')).not.toHaveCount(1);
    for (const label of [
      'Original total',
      'Discount',
      'Subtotal',
      'Taxes',
      'Customer Pays',
      'Request number',
    ]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText('Invoice number', { exact: true })).toBeVisible();
    await look(page, 'lists-work-detail-1280');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('installer: an empty mode prompts for a new estimate', async ({ page }) => {
    // Clearview Tint has no finished jobs in the demo data.
    await signIn(page, 'installer3@demo.test');
    await openMode(page, '/pickups', 'Pickups');
    await expect(page.getByText('There are no finished jobs waiting for pickup.')).toBeVisible();
    await expectCreateLinks(page, 'New Estimate', '/newestimate/');
  });

  test('ASSIST sees the lists and details without any action button or create prompt', async ({ page }) => {
    await signIn(page, 'assist@demo.test');
    for (const mode of modes) {
      await openMode(page, mode.path, mode.title);
      await rowsOf(page, mode.list).first().click();
      await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Actions' })).toHaveCount(0);
      for (const label of ['ASSIGN', 'BOOK JOB', 'CHECK IN', 'DELIVER', 'REVIEW', 'delete']) {
        await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
      }
    }
    await look(page, 'lists-assist-1280');

    // An empty list: the create prompt stays hidden for ASSIST.
    await page.route('**/api/requestimates/list/**', (route) =>
      route.fulfill({ json: { items: [], total: 0, limit: 25, offset: 0, next_cursor: null } }),
    );
    await openMode(page, '/requestimates', 'Requests');
    await expect(page.getByText('There are no open requests or estimates here.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Request' })).toHaveCount(0);
  });

  test('dealer: an empty list prompts for a new request', async ({ page }) => {
    await signIn(page, 'dealer@demo.test');
    await page.route('**/api/requestimates/list/**', (route) =>
      route.fulfill({ json: { items: [], total: 0, limit: 25, offset: 0, next_cursor: null } }),
    );
    await openMode(page, '/jobs', 'Jobs');
    await expectCreateLinks(page, 'New Request', '/newrequestimates/');
  });
});

test.describe('small screen lists', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const account of accounts) {
    test(`${account.name}: the list hides on selection and Close details returns to it`, async ({ page }) => {
      await signIn(page, account.email);
      await openMode(page, '/jobs', 'Jobs');
      const list = page.getByRole('list', { name: 'Jobs list' });
      await expect(list).toBeVisible();
      await look(page, `lists-${account.name}-jobs-390`);

      await rowsOf(page, 'Jobs list').first().click();
      await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
      await expect(list).toBeHidden();
      await look(page, `lists-${account.name}-jobs-detail-390`);

      await page.getByRole('button', { name: 'Close details' }).click();
      await expect(list).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]id=/);
      await expect(rowsOf(page, 'Jobs list').first()).toBeFocused();
    });
  }

  test('the Work Detail popup fits a phone', async ({ page }) => {
    await signIn(page, 'installer@demo.test');
    await openMode(page, '/pickups', 'Pickups');
    await rowsOf(page, 'Pickups list').first().click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('table', { name: 'Itemized services' })).toBeVisible();
    await look(page, 'lists-work-detail-390');
  });
});
