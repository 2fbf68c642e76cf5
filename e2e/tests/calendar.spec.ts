import { expect, type Page, test } from '@playwright/test';
import { isoDay, look, signInAs } from './helpers';

// The installer's calendar screen (R14, P21; issue 12, part A): the three views with Previous / Today / Next,
// the overview cards, today's day card expanded with the demo work around today, the job detail modal, an
// empty period, and the phone layout (the week as day cards, no view toggle, no revenue card). Read-only.

const INSTALLER = 'installer@demo.test';

async function openCalendar(page: Page, path = '/calendar') {
  await signInAs(page, INSTALLER);
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
}

const rangeLabel = (page: Page) => page.getByTestId('calendar-range');
const days = (page: Page) => page.getByRole('region', { name: 'Days' });
const viewToggle = (page: Page) => page.getByRole('radiogroup', { name: 'Calendar view' });
const todayCard = (page: Page) => days(page).getByRole('region', { name: /\(today\)$/ });

test.describe('calendar screen (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('week, month and day views, stepping, and the job detail modal', async ({ page }) => {
    await openCalendar(page);
    // The current week, today highlighted and expanded, with the demo jobs of today.
    await expect(todayCard(page)).toBeVisible();
    await expect(days(page).getByRole('region')).toHaveCount(7);
    await expect(page.getByText('Jobs This Period')).toBeVisible();
    await expect(page.getByText('Capacity Used %')).toBeVisible();
    await expect(page.getByText('Week Revenue')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Estimate' })).toHaveAttribute('href', '/newestimate/');
    await expect(todayCard(page).getByRole('button', { expanded: true })).toBeVisible();
    const jobs = todayCard(page).getByRole('button', { name: /^Job #\d+/ });
    await expect(jobs.first()).toBeVisible();
    await look(page, 'calendar-week-desktop');

    const weekLabel = await rangeLabel(page).innerText();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(rangeLabel(page)).not.toHaveText(weekLabel);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(rangeLabel(page)).toHaveText(weekLabel);

    // The job detail modal (P21): the full request, services and notes; Escape closes it.
    await jobs.first().click();
    const modal = page.getByRole('dialog', { name: /^Job #\d+$/ });
    await expect(modal.getByRole('heading', { name: 'Services' })).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await look(page, 'calendar-job-modal-desktop');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await viewToggle(page).getByText('Month', { exact: true }).click();
    await expect(page.getByText('Month Revenue')).toBeVisible();
    const month = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDay(0)}T12:00:00Z`));
    await expect(rangeLabel(page)).toHaveText(month);
    await look(page, 'calendar-month-desktop');

    await viewToggle(page).getByText('Day', { exact: true }).click();
    await expect(page.getByText('Day Revenue')).toBeVisible();
    await expect(days(page).getByRole('region')).toHaveCount(1);
    await expect(todayCard(page)).toBeVisible();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${isoDay(-1)}`));
  });

  test('a period without work says No scheduled services', async ({ page }) => {
    const year = Number(isoDay(0).slice(0, 4)) + 3;
    await openCalendar(page, `/calendar?view=month&date=${year}-02-10`);
    await expect(page.getByText('No scheduled services')).toBeVisible();
    await expect(page.getByTestId('overview-Jobs This Period')).toHaveText('0');
    await expect(page.getByTestId('overview-Capacity Used %')).toHaveText('0%');
    await look(page, 'calendar-empty-desktop');
  });

  test('keyboard: a day card expands and a job opens from the keyboard', async ({ page }) => {
    await openCalendar(page);
    const toggle = todayCard(page).getByRole('button', { expanded: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(todayCard(page).getByRole('button', { expanded: false })).toBeVisible();
    await page.keyboard.press('Enter');
    const job = todayCard(page)
      .getByRole('button', { name: /^Job #\d+/ })
      .first();
    await job.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Job #\d+$/ })).toBeVisible();
  });
});

test.describe('calendar screen (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the week as day cards, without the view toggle or the revenue card', async ({ page }) => {
    await openCalendar(page, '/calendar?view=month');
    await expect(days(page).getByRole('region')).toHaveCount(7);
    await expect(viewToggle(page)).toHaveCount(0);
    await expect(page.getByText('Jobs This Period')).toBeVisible();
    await expect(page.getByText(/Revenue$/)).toHaveCount(0);
    await expect(todayCard(page).getByRole('button', { expanded: true })).toBeVisible();
    await look(page, 'calendar-week-mobile');
    await todayCard(page)
      .getByRole('button', { name: /^Job #\d+/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Job #\d+$/ })).toBeVisible();
    await look(page, 'calendar-job-modal-mobile');
  });
});
