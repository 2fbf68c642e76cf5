import { expect, type Page, test } from '@playwright/test';
import { look, signInAs } from './helpers';

// The ICS subscription link on the calendar screen (issue 12, part D; decision 025): the demo installer
// creates its link, copies it (clipboard), the URL answers a calendar with the demo jobs, and Reset link
// (after confirming) gives a new URL while the old one answers 404.

const TITLE = 'Subscribe in Google, Apple or Outlook Calendar';

function feedPanel(page: Page) {
  return page.getByRole('region', { name: TITLE });
}

/** The panel's URL, creating the link first when the installer has none yet. */
async function currentUrl(page: Page): Promise<string> {
  const panel = feedPanel(page);
  const input = panel.getByRole('textbox', { name: 'Subscription URL' });
  const create = panel.getByRole('button', { name: 'Create subscription link' });
  await expect(input.or(create)).toBeVisible();
  if (await create.isVisible()) {
    await create.click();
    await expect(page.getByText('Subscription link created.')).toBeVisible();
  }
  await expect(input).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return input.inputValue();
}

test.describe('calendar subscription feed', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'mobile', width: 390, height: 844 },
  ]) {
    test(`copy, fetch and reset the feed link (${viewport.name})`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'installer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/calendar');
      const panel = feedPanel(page);
      await panel.scrollIntoViewIfNeeded();
      const url = await currentUrl(page);
      expect(url.startsWith(`${baseURL}/api/calendar/`)).toBe(true);

      // Copy link puts the URL on the clipboard and says so.
      await panel.getByRole('button', { name: 'Copy link' }).click();
      const copied = page.getByText('Link copied. Paste it into your calendar app.');
      await expect(copied).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      // The toast covers the mobile menu button for a few seconds: the picture is taken once it has gone.
      await expect(copied).toBeHidden({ timeout: 15_000 });
      await panel.scrollIntoViewIfNeeded();
      await look(page, `calendar-feed-${viewport.name}`);

      // The URL is a calendar of the demo installer's booked, started and finished jobs (no sign-in).
      const feed = await page.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const body = await feed.text();
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toContain('X-WR-CALNAME:Elite Auto Film jobs');
      expect((body.match(/BEGIN:VEVENT/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(body).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
      expect(body).toContain(`URL;VALUE=URI:${baseURL}/`);

      // Reset asks first; then the old URL is dead and the new one works.
      await panel.getByRole('button', { name: 'Reset link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset subscription link?' });
      await expect(dialog).toContainText('The current link stops working at once');
      await look(page, `calendar-feed-reset-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Reset link' }).click();
      await expect(page.getByText('New link ready. The old link no longer works.')).toBeVisible();
      const input = panel.getByRole('textbox', { name: 'Subscription URL' });
      await expect(input).not.toHaveValue(url);
      const newUrl = await input.inputValue();
      expect((await page.request.get(url)).status()).toBe(404);
      expect((await page.request.get(newUrl)).status()).toBe(200);
    });
  }
});
