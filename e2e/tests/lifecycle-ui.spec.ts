import { expect, type Page, test } from '@playwright/test';
import { actionButton, actionsPanel, look, pressConfirmed, signInAs } from './helpers';

// The job lifecycle on the list and detail screen (000 §2, §4, §5, §8; issue 4 "UI") on the built product
// with the demo data: every step goes through the API and the screen shows the result.

/** A valid VIN (17 characters, no I, O, Q) with a correct check digit. */
const VIN = '1HGCM82633A004352';

function rowsOf(page: Page, listName: string) {
  return page.getByRole('list', { name: listName }).getByRole('button');
}

function rowInState(page: Page, listName: string, state: string) {
  return rowsOf(page, listName).filter({ has: page.getByRole('img', { name: state, exact: true }) });
}

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/requestimates$/);
}

/** Waits for the success toast of the action and closes it, so the next one is not confused with it. */
async function expectDone(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.first()).toBeVisible();
  await expect(toasts.first()).toContainText('Done');
  await toasts.first().getByRole('button').click();
  await expect(toasts).toHaveCount(0);
}

/** Selects the first row in `state` whose actions include `label`; returns its request id. */
async function selectRowOffering(page: Page, listName: string, state: string, label: string) {
  const rows = rowInState(page, listName, state);
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let index = 0; index < count; index += 1) {
    await rows.nth(index).click();
    await expect(actionsPanel(page)).toBeVisible();
    if ((await actionButton(page, label).count()) > 0) {
      const id = new URL(page.url()).searchParams.get('id');
      if (id) return Number(id);
    }
    // On a small screen the list hides while a request is open: close it to reach the next row.
    const list = page.getByRole('list', { name: listName });
    if (!(await list.isVisible())) {
      await page.getByRole('button', { name: 'Close details' }).click();
      await expect(list).toBeVisible();
    }
  }
  throw new Error(`No ${state} row offers ${label}`);
}

async function selectService(page: Page, index: number) {
  const services = page.getByRole('list', { name: 'Services' });
  const row = services.getByRole('button').nth(index);
  // The selection stays after an action (START then FINISH the same service); a second click clears it.
  if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
}

test.describe('job lifecycle on the detail screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('installer books a new estimate, checks in with a VIN, works each service and completes it', async ({
    page,
  }) => {
    await signIn(page, 'installer@demo.test');
    const requestId = await selectRowOffering(page, 'Requests list', 'New', 'JOB COMPLETED');
    await expect(actionButton(page, 'BOOK JOB')).toBeEnabled();
    await look(page, 'lifecycle-installer-1-new-estimate-1280');

    // BOOK JOB: the start-date popup with the availability banner (looked up after 300 ms).
    await actionButton(page, 'BOOK JOB').click();
    const dialog = page.getByRole('dialog', { name: 'Book this job' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('availability')).toBeVisible();
    await look(page, 'lifecycle-installer-2-book-popup-1280');
    await dialog.getByRole('button', { name: 'BOOK JOB' }).click();
    await expect(dialog).toBeHidden();
    await expectDone(page);

    // Scheduled: the job is on /jobs now.
    await page.goto(`/jobs?id=${requestId}`);
    await expect(actionButton(page, 'CHECK IN')).toBeVisible();
    const vin = actionsPanel(page).getByLabel('VIN');
    // The field starts with the vehicle's stored VIN (an 'NV' placeholder starts it empty); the server
    // accepts only that VIN for a vehicle that has one.
    const stored = await vin.inputValue();
    const vinToEnter = /^[A-HJ-NPR-Z0-9]{17}$/.test(stored) && !stored.startsWith('NV') ? stored : VIN;
    await vin.fill('1hgcm82633a00435');
    await expect(vin).toHaveValue('1HGCM82633A00435');
    await expect(actionButton(page, 'CHECK IN')).toBeDisabled();
    await expect(actionsPanel(page).getByText(/exactly 17 characters/)).toBeVisible();
    await look(page, 'lifecycle-installer-3-vin-invalid-1280');
    await vin.fill(vinToEnter.toLowerCase());
    await expect(vin).toHaveValue(vinToEnter);
    await expect(actionButton(page, 'CHECK IN')).toBeEnabled();
    await expect(actionsPanel(page).getByTestId('vin-vehicle')).toBeVisible();
    await look(page, 'lifecycle-installer-4-vin-valid-1280');
    await actionButton(page, 'CHECK IN').click();
    await expectDone(page);

    // Received: START SERVICE on the first service, then FINISH SERVICE.
    await expect(actionButton(page, 'START SERVICE')).toBeVisible();
    await expect(actionButton(page, 'START SERVICE')).toBeDisabled();
    await selectService(page, 0);
    await expect(actionButton(page, 'START SERVICE')).toBeEnabled();
    await actionButton(page, 'START SERVICE').click();
    await expectDone(page);
    await expect(actionButton(page, 'COMPLETE JOB')).toBeVisible();
    await selectService(page, 0);
    await expect(actionButton(page, 'FINISH SERVICE')).toBeEnabled();
    await look(page, 'lifecycle-installer-5-started-1280');
    await actionButton(page, 'FINISH SERVICE').click();
    await expectDone(page);

    // COMPLETE JOB finishes the rest and lands on /pickups with the job selected.
    await expect(actionButton(page, 'COMPLETE JOB')).toBeEnabled();
    await pressConfirmed(page, 'COMPLETE JOB', 'Complete the job and send the invoice for');
    await expect(page).toHaveURL(new RegExp(`/pickups\\?id=${requestId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Pickups' })).toBeVisible();
    await expect(actionButton(page, 'DELIVER')).toBeVisible();
    await look(page, 'lifecycle-installer-6-pickups-1280');
  });

  test('dealer assigns an answered request to a responding installer', async ({ page }) => {
    await signIn(page, 'dealer@demo.test');
    const requestId = await selectRowOffering(page, 'Requests list', 'Answered', 'ASSIGN');
    await expect(actionButton(page, 'ASSIGN')).toBeDisabled();
    const choice = actionsPanel(page).getByRole('radiogroup');
    await choice.getByRole('radio').first().check();
    await expect(actionButton(page, 'ASSIGN')).toBeEnabled();
    await look(page, 'lifecycle-dealer-1-assign-1280');
    await actionButton(page, 'ASSIGN').click();
    await expectDone(page);
    // Scheduled now: no longer a request waiting for the dealer; it is on /jobs.
    await page.goto(`/jobs?id=${requestId}`);
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await expect(actionButton(page, 'ASSIGN')).toHaveCount(0);
    await look(page, 'lifecycle-dealer-2-assigned-1280');
  });

  test('delete asks for confirmation', async ({ page }) => {
    await signIn(page, 'dealer@demo.test');
    await selectRowOffering(page, 'Requests list', 'New', 'delete');
    await actionButton(page, 'delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this request?' });
    await expect(dialog).toBeVisible();
    await look(page, 'lifecycle-dealer-3-delete-confirm-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('installer sees ACCEPT, CLAIM and REJECT on the offered open request, and the claim popup', async ({
    page,
  }) => {
    await signIn(page, 'installer@demo.test');
    await selectRowOffering(page, 'Requests list', 'New', 'CLAIM');
    await expect(actionButton(page, 'ACCEPT')).toBeVisible();
    await expect(actionButton(page, 'REJECT')).toBeVisible();
    await actionButton(page, 'CLAIM').click();
    const dialog = page.getByRole('dialog', { name: 'Claim and book this job' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('availability')).toBeVisible();
    await look(page, 'lifecycle-installer-claim-popup-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
