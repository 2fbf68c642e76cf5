import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO_PASSWORD, isoDay, look, signInAs } from './helpers';
import { firstService } from './jobs';

// Blocked days and Export Week on the calendar screen (issue 12, part C; decision 024): the installer blocks a
// day, the booking onto it is refused, the day is unblocked; Export Week downloads the week's PDF named with
// its dates and says M141 outside the week view.

const INSTALLER = 'installer@demo.test';

/** 'Thu, Dec 3, 2026' for '2026-12-03' (the panel's and the day picker's wording). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

async function openCalendar(page: Page) {
  await signInAs(page, INSTALLER);
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto('/calendar');
  await expect(page.getByRole('region', { name: 'Blocked days' })).toBeVisible();
}

/** Opens the day picker of the panel and picks `day`, paging to its month. */
async function pickDay(page: Page, day: string) {
  await page.getByRole('button', { name: 'Day to block' }).click();
  const target = page.getByRole('button', { name: dayLabel(day), exact: true });
  for (let i = 0; i < 3 && !(await target.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await target.click();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test.describe(`calendar blocked days and Export Week (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('block a day, see the booking refused, unblock it', async ({ page, request }) => {
      const installer = await apiAs(request, INSTALLER);
      // A day no demo work uses, different per viewport so the two runs do not meet.
      const day = isoDay(viewport.name === 'desktop' ? 40 : 41);
      await openCalendar(page);
      const panel = page.getByRole('region', { name: 'Blocked days' });
      await expect(panel).toContainText('Staff training');

      await pickDay(page, day);
      await panel.getByRole('textbox', { name: 'Reason (optional)' }).fill('Team offsite');
      await panel.getByRole('button', { name: 'Block day' }).click();
      const row = panel.getByRole('listitem').filter({ hasText: dayLabel(day) });
      await expect(row).toContainText('Team offsite');
      // The confirmation toast covers the top bar while it shows (axe: target size): let it go first.
      await expect(page.getByText(`${dayLabel(day)} is blocked.`)).toBeHidden({ timeout: 15_000 });
      await look(page, `calendar-blocked-${viewport.name}`);

      // The drop-off picker's read marks the day closed, and booking onto it is refused with the reason.
      const calendar = await installer.call<{ workDate: string; closed?: boolean }[]>(
        'GET',
        `/installerCalendars/${installer.companyId}`,
      );
      expect(calendar).toContainEqual(expect.objectContaining({ workDate: day, closed: true }));
      const customers = await installer.call<{ customer_id: number }[]>(
        'GET',
        `/customerInstall/${installer.companyId}`,
      );
      const serviceId = await firstService(installer, installer.companyId, 'RETAIL');
      const signIn = await request.post('/api/auth/signin', {
        data: { email: INSTALLER, password: DEMO_PASSWORD },
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const booking = await request.post('/api/requestimates/', {
        headers: { Authorization: `Bearer ${accessToken}` },
        data: {
          requestType: 'installer',
          requestor: customers[0]?.customer_id,
          availableDate: day,
          currentState: 'scheduled',
          services: [{ serviceId }],
        },
      });
      expect(booking.status()).toBe(409);
      expect(((await booking.json()) as { message: string }).message).toBe(
        `Drop-off date ${day} is a closed day (Team offsite)`,
      );

      await row.getByRole('button', { name: `Unblock ${dayLabel(day)}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Unblock this day?' });
      await expect(dialog).toContainText(`Work can be booked on ${dayLabel(day)} again.`);
      await look(page, `calendar-unblock-confirm-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Unblock' }).click();
      await expect(dialog).toBeHidden();
      await expect(panel.getByRole('listitem').filter({ hasText: dayLabel(day) })).toHaveCount(0);
      await expect(page.getByText(`${dayLabel(day)} is open again.`)).toBeVisible();
    });

    test('Export Week downloads the week’s PDF; outside the week view it says M141', async ({ page }) => {
      await openCalendar(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export Week' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^calendar-week-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
      );
      const pdf = readFileSync((await download.path()) ?? '');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      if (viewport.name === 'desktop') {
        await page
          .getByRole('radiogroup', { name: 'Calendar view' })
          .getByText('Month', { exact: true })
          .click();
        await page.getByRole('button', { name: 'Export Week' }).click();
        await expect(
          page.getByRole('alert').filter({ hasText: 'Export is only available in Week view' }),
        ).toHaveText('Export is only available in Week view. Please switch to Week view first.');
        await look(page, `calendar-export-month-${viewport.name}`);
      }
    });
  });
}
