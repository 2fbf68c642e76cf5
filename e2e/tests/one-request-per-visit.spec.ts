import { expect, type Page, type Request, test } from '@playwright/test';
import { signInAs } from './helpers';

// Issue 17, defect 8: a cold list visit sent its list request twice (one aborted on a re-render). Each
// visit of a list, cold or from the menu, asks for its page once and records one page view.

function countCalls(page: Page) {
  const calls: string[] = [];
  const listen = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/requestimates/list'))
      calls.push(`list ${url.searchParams.get('mode')}`);
    if (url.pathname === '/api/page-views') calls.push('page view');
  };
  page.on('request', listen);
  return {
    /**
     * What was asked since the last take: waits for the `expected` calls (a client-side navigation has no
     * load event to wait for), then for the network to go quiet, so that a second request would show.
     */
    async take(expected: number): Promise<string[]> {
      await expect.poll(() => calls.length).toBeGreaterThanOrEqual(expected);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      return calls.splice(0);
    },
  };
}

for (const email of ['dealer@demo.test', 'installer@demo.test']) {
  test(`${email}: one list request and one page view per visit`, async ({ page }) => {
    const calls = countCalls(page);
    await signInAs(page, email);
    await expect(page).toHaveURL(/\/requestimates$/);
    await expect(page.getByRole('list', { name: 'Requests list' })).toBeVisible();
    expect((await calls.take(2)).sort()).toEqual(['list requests', 'page view']);

    // A cold visit (reload) with a row selected.
    await page.goto('/jobs?id=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    expect((await calls.take(2)).sort()).toEqual(['list jobs', 'page view']);

    // From the menu.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Pickup/ })
      .click();
    await expect(page).toHaveURL(/\/pickups$/);
    expect((await calls.take(2)).sort()).toEqual(['list pickups', 'page view']);
  });
}
