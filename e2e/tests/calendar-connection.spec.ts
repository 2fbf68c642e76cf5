import { expect, type Page, test } from '@playwright/test';
import { look, signInAs } from './helpers';

// The calendar link on the calendar screen with the local adapter (issue 12, part B; decision 026): the
// North location (not linked in the demo data, with booked work from today) connects, picks a calendar in
// 'Select Your Business Calendar', syncs its unsynced services, and disconnects after confirming.

const NORTH = 'installer2@demo.test';

function connection(page: Page) {
  return page.getByRole('region', { name: 'Calendar connection' });
}

test.describe('calendar connection (local adapter)', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'mobile', width: 390, height: 844 },
  ]) {
    test(`connect → select → sync → disconnect (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, NORTH);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/calendar');
      const panel = connection(page);
      await expect(panel).toContainText('not connected');
      await look(page, `calendar-connection-none-${viewport.name}`);

      // Connect: the local adapter's consent returns at once with the calendars to pick from.
      await panel.getByRole('button', { name: 'Connect', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Select Your Business Calendar' });
      await expect(picker).toBeVisible();
      await expect(page).toHaveURL(/\/calendar$/); // the return's parameters are removed from the address
      await expect(picker.getByRole('radio', { name: /Shop Calendar/ })).toBeChecked();
      await expect(picker.getByRole('button', { name: 'Cancel Setup' })).toBeVisible();
      await look(page, `calendar-connection-picker-${viewport.name}`);
      await picker.getByRole('radio', { name: /Installs & Deliveries/ }).check();
      await picker.getByRole('button', { name: 'Use This Calendar' }).click();
      await expect(page.getByText('Calendar connected successfully')).toBeVisible();
      await expect(panel).toContainText('Installs & Deliveries');

      // Sync All: confirm, progress, then nothing is pending.
      const sync = panel.getByRole('button', { name: /^Sync All to Calendar \(\d+ services\)$/ });
      await expect(sync).toBeVisible();
      const pending = Number((await sync.textContent())?.match(/\((\d+) services\)/)?.[1] ?? '0');
      await sync.click();
      if (pending > 0) {
        const confirm = page.getByRole('dialog', { name: 'Sync All to Calendar' });
        await expect(confirm).toContainText(`Add ${pending} services`);
        await confirm.getByRole('button', { name: 'Sync All', exact: true }).click();
        await expect(page.getByText(/^Synced \d+ of \d+ jobs$/)).toBeVisible({ timeout: 15_000 });
      }
      await expect(panel.getByRole('button', { name: 'Sync All to Calendar (0 services)' })).toBeVisible();
      await expect(panel).toContainText('All services are already synced to calendar.');
      // The toasts cover the phone's top bar for a few seconds: the picture is taken once they have gone.
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
      await look(page, `calendar-connection-synced-${viewport.name}`);

      // Disconnect asks first.
      await panel.getByRole('button', { name: 'Disconnect', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Disconnect calendar' });
      await expect(ask).toContainText('Disconnect your calendar?');
      await ask.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await expect(page.getByText('Calendar disconnected successfully')).toBeVisible();
      await expect(panel).toContainText('not connected');
    });
  }
});
