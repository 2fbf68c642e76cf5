import { expect, test } from '@playwright/test';
import { actionButton, apiAs, expectOnRequests, look, signInAs } from './helpers';
import { createEstimate } from './jobs';

// Issue 17: keyboard access (skip link, focus back on the opener of a popup) and defect 9 (one date format
// in the start-date popup, history records in words, /dev/mailbox badges not cut off).

const INSTALLER = 'installer@demo.test';
/** Like 'Mon, Nov 23rd 2026', the format of every other date on the detail (000 §9, K15). */
const DAY = String.raw`(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}`;

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the first Tab on a list reaches 'Skip to main content', shown; Enter moves into the page", async ({
      page,
    }) => {
      await signInAs(page, 'dealer@demo.test');
      await expectOnRequests(page);
      await page.reload();
      await expect(
        page.getByRole('list', { name: 'Requests list' }).getByRole('button').first(),
      ).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport({ ratio: 1 });
      await look(page, `a11y-skip-link-${width}`);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(/\/requestimates$/);
      await expect(skip).not.toBeInViewport();
      // The next Tab goes on inside the page, not back to the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    });

    test('/dev/mailbox shows each status badge whole, however long the subject', async ({ page }) => {
      const reset = await page.request.post('/api/auth/request-password-reset', {
        data: { email: INSTALLER },
      });
      expect(reset.ok()).toBe(true);
      // A long subject, as a request's own can be: the real messages, the first one's subject made long.
      await page.route('**/api/dev/outbox?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { items: { subject: string | null }[] };
        const [first] = body.items;
        if (first) first.subject = `New request #4711: PPF - Full Front PPF, Ceramic Coating and Window Tint`;
        await route.fulfill({ response, json: body });
      });
      await signInAs(page, INSTALLER);
      await expectOnRequests(page);
      await page.goto('/dev/mailbox');
      const messages = page.getByRole('list', { name: 'Messages' });
      await expect(messages.getByText(/^New request #4711/)).toBeVisible();
      await look(page, `a11y-dev-mailbox-${width}`);
      // Each badge shows its whole word and lies inside the list's visible box (not cut off by its edge).
      const badges = await messages.locator('li').evaluateAll((rows) =>
        rows.map((row) => {
          const badge = row.querySelector('.mantine-Badge-root');
          const label = row.querySelector('.mantine-Badge-label');
          const edge = (row.closest('.mantine-Paper-root') ?? row).getBoundingClientRect();
          const box = badge?.getBoundingClientRect();
          return {
            text: label?.textContent,
            whole: !!label && label.scrollWidth <= label.clientWidth,
            inside: !!box && box.left >= edge.left && box.right <= edge.right,
          };
        }),
      );
      expect(badges.length).toBeGreaterThan(0);
      expect(badges.filter((badge) => !badge.whole || !badge.inside)).toEqual([]);
    });
  });
}

test.describe('request detail at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the start-date popup writes its days like the rest of the detail, and closing it returns the focus', async ({
    page,
  }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const { requestId } = await createEstimate(installer);
    await signInAs(page, INSTALLER);
    await expectOnRequests(page);
    await page.goto(`/requestimates?id=${requestId}`);

    const book = actionButton(page, 'BOOK JOB');
    await book.click();
    const popup = page.getByRole('dialog', { name: 'Book this job' });
    await expect(popup.getByText(new RegExp(`^From ${DAY}( to ${DAY})?$`))).toBeVisible();
    await expect(popup).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await look(page, 'a11y-start-date-popup-1280');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup).toBeHidden();
    await expect(book).toBeFocused();

    // The popup's own close button and Escape return it too.
    await book.click();
    await popup.getByRole('button', { name: 'Close dialog' }).click();
    await expect(popup).toBeHidden();
    await expect(book).toBeFocused();
    const remove = actionButton(page, 'delete');
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete this request?' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
  });

  test('the history shows records in words, not codes', async ({ page }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const { requestId } = await createEstimate(installer);
    await installer.call('POST', '/requestState', {
      requestId,
      stateDate: new Date().toISOString(),
      requestStatus: 'CONTRACT_DOWNLOADED',
    });
    await signInAs(page, INSTALLER);
    await expectOnRequests(page);
    await page.goto(`/requestimates?id=${requestId}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem').first()).toBeVisible();
    await expect(history).toContainText('Contract downloaded for manual signature');
    await expect(history).not.toContainText(/[A-Z]+_[A-Z]+/);
  });
});
