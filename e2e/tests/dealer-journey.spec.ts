import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  type Api,
  actionButton,
  actionsPanel,
  apiAs,
  isoDay,
  look,
  pressConfirmed,
  signInAs,
} from './helpers';

// The whole dealer request in the browser (issue 4 "Done means"; 000 §2, §4, §8): the installer ACCEPTs
// with a date, the dealer ASSIGNs, the installer books the job, CHECKs IN with a VIN, STARTs and FINISHes
// each service and COMPLETEs the job; the dealer DELIVERs and REVIEWs. Then REJECT, and a real claim
// conflict between two installers. Every test creates its own dealer request through the API, offered only
// to the installers it names, so no demo row another spec changes matters.

const DEALER = 'dealer@demo.test';
const INSTALLER = 'installer@demo.test';
const INSTALLER2 = 'installer2@demo.test';
/** A valid VIN (17 characters, no I, O, Q) with a correct check digit. */
const VIN = '1HGCM82633A004352';
const CLAIM_CONFLICT = 'This job has already been claimed by another specialist.';

/** `count` different catalog services of the installer for dealer work (WHOLE prices of this dealership). */
async function wholesaleServices(api: Api, installerId: number, dealerId: number, count: number) {
  const categories = await api.call<{ category: string }[]>('GET', `/categories/${installerId}`);
  const found: number[] = [];
  // One per category first (a service of one category may include another of the same category).
  for (const { category } of categories) {
    const services = await api.call<{ service_id: number; is_custom: boolean }[]>(
      'GET',
      `/services/${installerId}/M/WHOLE/${encodeURIComponent(category)}/${dealerId}/0`,
    );
    const service = services.find((row) => !row.is_custom);
    if (service) found.push(service.service_id);
    if (found.length === count) return found;
  }
  throw new Error(`Installer ${installerId} has fewer than ${count} WHOLE services`);
}

/**
 * A new open dealer request (any specialist, assignedTo 0) with `lineCount` services of the first
 * installer, offered only to `installerIds`.
 */
async function createOpenRequest(dealer: Api, installerIds: number[], lineCount = 1): Promise<number> {
  const installerId = installerIds[0] as number;
  const ids = await wholesaleServices(dealer, installerId, dealer.companyId, lineCount);
  const services = ids.map((serviceId) => ({ serviceId }));
  const created = await dealer.call<{ requestId: number }>('POST', '/requestimates/', {
    requestType: 'dealer',
    availableDate: isoDay(1),
    dueDate: isoDay(20),
    assignedTo: 0,
    services,
  });
  for (const id of installerIds) {
    await dealer.call('POST', '/requestoffered', { requestId: created.requestId, installerId: id });
  }
  return created.requestId;
}

/**
 * Waits for the success toast of the action and closes it, so the next one is not confused with it. The
 * toast also closes by itself after a few seconds: a close button already gone is fine.
 */
async function expectDone(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.first()).toContainText('Done');
  await toasts
    .first()
    .getByRole('button')
    .click({ timeout: 2_000 })
    .catch(() => {});
  await expect(toasts).toHaveCount(0);
}

/** Opens the request on a list screen and waits for its action panel. */
async function open(page: Page, list: '/requestimates' | '/jobs' | '/pickups', requestId: number) {
  await page.goto(`${list}?id=${requestId}`);
  await expect(actionsPanel(page)).toBeVisible();
}

/** Confirms the start-date popup of ACCEPT, CLAIM or BOOK JOB with the date it proposes. */
async function confirmStartDate(page: Page, title: string, confirm: string, shot?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('availability')).toBeVisible();
  if (shot) await look(page, shot);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  return dialog;
}

async function selectService(page: Page, index: number) {
  const row = page.getByRole('list', { name: 'Services' }).getByRole('button').nth(index);
  // The selection stays after an action (START then FINISH the same service); a second click clears it.
  if ((await row.getAttribute('aria-pressed')) !== 'true') await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
}

async function newSignedInPage(
  browser: Browser,
  testInfo: TestInfo,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  // As the test's own page (actionTimeout): a step that cannot happen fails within seconds.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/requestimates$/);
  return { context, page };
}

test.describe('a dealer request from offer to review', () => {
  // A step that cannot happen fails within seconds instead of waiting for the test's timeout.
  test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

  test('installer accepts, dealer assigns, installer books, checks in, works each service, completes; dealer delivers and reviews', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const dealerApi = await apiAs(page.request, DEALER);
    const installerApi = await apiAs(page.request, INSTALLER);
    const requestId = await createOpenRequest(dealerApi, [installerApi.companyId], 2);

    const installer = await newSignedInPage(browser, testInfo, INSTALLER);
    const dealer = await newSignedInPage(browser, testInfo, DEALER);
    try {
      const I = installer.page;
      const D = dealer.page;

      // 1. The installer ACCEPTs the offered request with a start date.
      await open(I, '/requestimates', requestId);
      await expect(actionButton(I, 'ACCEPT')).toBeEnabled();
      await expect(actionButton(I, 'REJECT')).toBeEnabled();
      await look(I, 'dealer-journey-01-installer-offered-1280');
      await actionButton(I, 'ACCEPT').click();
      const accept = await confirmStartDate(
        I,
        'Accept this request',
        'ACCEPT',
        'dealer-journey-02-accept-popup-1280',
      );
      await expect(accept).toBeHidden();
      await expectDone(I);
      await expect(actionButton(I, 'ACCEPT')).toHaveCount(0);

      // 2. The dealer sees the answer and ASSIGNs the job to that installer.
      await open(D, '/requestimates', requestId);
      await expect(actionButton(D, 'ASSIGN')).toBeDisabled();
      await actionsPanel(D).getByRole('radiogroup').getByRole('radio').first().check();
      await expect(actionButton(D, 'ASSIGN')).toBeEnabled();
      await look(D, 'dealer-journey-03-dealer-assign-1280');
      await actionButton(D, 'ASSIGN').click();
      await expectDone(D);

      // 3. The installer moves the job to the day it wants: RESCHEDULE, then BOOK JOB with a new date.
      await open(I, '/jobs', requestId);
      await expect(actionButton(I, 'CHECK IN')).toBeVisible();
      await look(I, 'dealer-journey-04-installer-scheduled-1280');
      await pressConfirmed(I, 'RESCHEDULE');
      await expectDone(I);
      await open(I, '/requestimates', requestId);
      await expect(actionButton(I, 'BOOK JOB')).toBeEnabled();
      await actionButton(I, 'BOOK JOB').click();
      const book = await confirmStartDate(
        I,
        'Book this job',
        'BOOK JOB',
        'dealer-journey-05-book-popup-1280',
      );
      await expect(book).toBeHidden();
      await expectDone(I);

      // 4. CHECK IN with a valid VIN (CHECK IN stays disabled until it is valid).
      await open(I, '/jobs', requestId);
      const vin = actionsPanel(I).getByLabel('VIN');
      await vin.fill('1HGCM82633A00435');
      await expect(actionButton(I, 'CHECK IN')).toBeDisabled();
      await vin.fill(VIN.toLowerCase());
      await expect(vin).toHaveValue(VIN);
      await expect(actionButton(I, 'CHECK IN')).toBeEnabled();
      await look(I, 'dealer-journey-06-check-in-1280');
      await actionButton(I, 'CHECK IN').click();
      await expectDone(I);

      // 5. START and FINISH each service.
      for (const index of [0, 1]) {
        await expect(actionButton(I, 'START SERVICE')).toBeVisible();
        await selectService(I, index);
        await expect(actionButton(I, 'START SERVICE')).toBeEnabled();
        await actionButton(I, 'START SERVICE').click();
        await expectDone(I);
        await selectService(I, index);
        await expect(actionButton(I, 'FINISH SERVICE')).toBeEnabled();
        if (index === 0) await look(I, 'dealer-journey-07-service-started-1280');
        await actionButton(I, 'FINISH SERVICE').click();
        await expectDone(I);
      }

      // 6. COMPLETE JOB: a pickup now, the final invoice raised.
      await expect(actionButton(I, 'COMPLETE JOB')).toBeEnabled();
      await look(I, 'dealer-journey-08-services-finished-1280');
      await pressConfirmed(I, 'COMPLETE JOB');
      await expectDone(I);
      await expect(I).toHaveURL(new RegExp(`/pickups\\?id=${requestId}$`));
      await look(I, 'dealer-journey-09-installer-pickup-1280');

      // 7. The dealer DELIVERs, then REVIEWs (REVIEW waits for a score).
      await open(D, '/pickups', requestId);
      await expect(actionButton(D, 'DELIVER')).toBeEnabled();
      await look(D, 'dealer-journey-10-dealer-pickup-1280');
      await pressConfirmed(D, 'DELIVER');
      await expectDone(D);
      await expect(actionButton(D, 'REVIEW')).toBeVisible();
      await expect(actionButton(D, 'REVIEW')).toBeDisabled();
      // A click on the fourth star (its radio input is visually hidden behind the star's label).
      const fourStars = actionsPanel(D).getByRole('radio', { name: '4' });
      await D.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
      await expect(fourStars).toBeChecked();
      await expect(actionButton(D, 'REVIEW')).toBeEnabled();
      await look(D, 'dealer-journey-11-review-1280');
      await actionButton(D, 'REVIEW').click();
      await expectDone(D);
      await expect(actionButton(D, 'REVIEW')).toHaveCount(0);
      await look(D, 'dealer-journey-12-reviewed-1280');

      // What the server holds: reviewed, 4 stars, the installer's job, one record per step.
      const detail = await dealerApi.call<{ current_state?: string; currentState?: string }>(
        'GET',
        `/requestimates/requestbyID/?Id=${requestId}`,
      );
      expect(JSON.stringify(detail)).toMatch(/"reviewed"/);
      const history = await dealerApi.call<{ requestStatus?: string; request_status?: string }[]>(
        'GET',
        `/requeststate/${requestId}`,
      );
      const states = history.map((h) => h.requestStatus ?? h.request_status);
      expect(states).toEqual(
        expect.arrayContaining(['answered', 'scheduled', 'received', 'started', 'finished', 'collected']),
      );
      expect(states.at(-1)).toBe('reviewed');
    } finally {
      await installer.context.close();
      await dealer.context.close();
    }
  });

  test('two installers claim one open request: the second is told it is already claimed', async ({
    page,
    browser,
  }, testInfo) => {
    const dealerApi = await apiAs(page.request, DEALER);
    const first = await apiAs(page.request, INSTALLER);
    const second = await apiAs(page.request, INSTALLER2);
    const requestId = await createOpenRequest(dealerApi, [first.companyId, second.companyId]);

    const a = await newSignedInPage(browser, testInfo, INSTALLER);
    const b = await newSignedInPage(browser, testInfo, INSTALLER2);
    try {
      // Both open the request and its claim popup before either confirms.
      for (const who of [a.page, b.page]) {
        await open(who, '/requestimates', requestId);
        await actionButton(who, 'CLAIM').click();
        await expect(who.getByRole('dialog', { name: 'Claim and book this job' })).toBeVisible();
      }
      await confirmStartDate(a.page, 'Claim and book this job', 'CLAIM');
      await expectDone(a.page);

      await confirmStartDate(b.page, 'Claim and book this job', 'CLAIM', 'dealer-journey-claim-second-1280');
      const toast = b.page.locator('.mantine-Notification-root').first();
      await expect(toast).toContainText('Not done');
      await expect(toast).toContainText(CLAIM_CONFLICT);
      await look(b.page, 'dealer-journey-claim-conflict-1280');
      // The job is the first installer's now: the popup closes and CLAIM is gone from the reloaded panel.
      await expect(b.page.getByRole('dialog', { name: 'Claim and book this job' })).toBeHidden();
      await expect(actionButton(b.page, 'CLAIM')).toHaveCount(0);
      await open(a.page, '/jobs', requestId);
      await expect(actionButton(a.page, 'CHECK IN')).toBeVisible();
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

test.describe('small screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 15_000 });

  test('an installer rejects an offered request', async ({ page }) => {
    const dealerApi = await apiAs(page.request, DEALER);
    const installerApi = await apiAs(page.request, INSTALLER);
    const requestId = await createOpenRequest(dealerApi, [installerApi.companyId]);

    // An installer reads its own offer of the request.
    const ownOffer = async () =>
      (
        await installerApi.call<{ installerId: number; currentStatus: string }[]>(
          'GET',
          `/requestoffered/request/${requestId}`,
        )
      ).map((o) => [o.installerId, o.currentStatus]);
    expect(await ownOffer()).toEqual([[installerApi.companyId, 'offered']]);

    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await open(page, '/requestimates', requestId);
    await expect(actionButton(page, 'REJECT')).toBeEnabled();
    await look(page, 'dealer-journey-reject-offered-390');
    await actionButton(page, 'REJECT').click();
    await expectDone(page);
    await expect(actionButton(page, 'ACCEPT')).toHaveCount(0);
    await expect(actionButton(page, 'REJECT')).toHaveCount(0);
    await look(page, 'dealer-journey-reject-390');
    expect(await ownOffer()).toEqual([[installerApi.companyId, 'rejected']]);
  });
});
