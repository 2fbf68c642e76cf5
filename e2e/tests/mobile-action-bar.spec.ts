import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { actionsPanel, apiAs, isoDay, look, signInAs } from './helpers';
import { act, createEstimate } from './jobs';

// Issue 17, mobile: on a 390 px phone the actions were two to three screens below the top of a request.
// The balance due and the next action sit in a bar fixed at the bottom; the map is a one-line link there.

const INSTALLER = 'installer@demo.test';
const VIN = '1HGCM82633A004352';

test('phone: the next step and the balance due stay on screen; the map is a link', async ({ page }) => {
  const installer = await apiAs(page.request, INSTALLER);
  const { requestId, totals } = await createEstimate(installer);
  await act(installer, requestId, 'book', { startDate: isoDay(1) });
  const amount = totals.customerTotal.toLocaleString('en-US', { minimumFractionDigits: 2 });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, INSTALLER);
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto(`/jobs?id=${requestId}`);
  const bar = page.getByRole('region', { name: 'Next step' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByTestId('balance-due')).toHaveText(`$${amount}`);
  // CHECK IN is next; it waits for the VIN, which 'All actions' goes to.
  const checkIn = bar.getByRole('button', { name: 'CHECK IN', exact: true });
  await expect(checkIn).toBeDisabled();
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByRole('img', { name: /^Map of/ }),
  ).toBeHidden();
  await expectAccessible(page, 'mobile action bar 390');
  await look(page, 'mobile-action-bar-390');

  await bar.getByRole('button', { name: 'All actions' }).click();
  const vin = actionsPanel(page).getByLabel('VIN');
  await expect(vin).toBeFocused();
  await vin.fill(VIN);
  await expect(checkIn).toBeEnabled();
  await checkIn.click();
  await expect(page.locator('.mantine-Notification-root').first()).toContainText('Done');
  // Received: the next step is to start a service (it waits for a chosen service).
  await expect(bar.getByRole('button', { name: 'START SERVICE', exact: true })).toBeVisible();
  await expect(bar).toBeInViewport();

  // Not on a wide screen: there the Actions panel is in view beside the list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
});
