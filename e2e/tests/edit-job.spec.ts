import { expect, type Page, test } from '@playwright/test';
import { type Api, actionsPanel, apiAs, isoDay, look, signInAs } from './helpers';
import { act, createDealerJob, createEstimate } from './jobs';

// Edit job (R22, row 158; issue 16) for an installer (a booked retail job: a service added with a discount,
// the calendar days follow; the "changed since you opened it" refusal) and a dealer (its new request at dealer
// prices, a retail price changed). Each test makes its own jobs through the API.

const INSTALLER = 'installer@demo.test';
const DEALER = 'dealer@demo.test';
const VIN = '1HGCM82633A004352';

type Line = {
  service_id: number;
  description: string;
  service_discount: number;
  retail_price: number | null;
};
type Day = { workDate: string };

async function openEditFromDetail(page: Page, list: 'jobs' | 'requestimates', requestId: number) {
  await page.goto(`/${list}?id=${requestId}`);
  await actionsPanel(page).getByRole('link', { name: 'EDIT JOB' }).click();
  await expect(page).toHaveURL(new RegExp(`/editJob/${requestId}$`));
  await expect(page.getByRole('button', { name: 'UPDATE' })).toBeEnabled();
}

const selected = (page: Page) => page.getByTestId('selected-service');

test.describe('edit job', () => {
  test('an installer edits a booked job: a service added with a discount, the calendar follows', async ({
    page,
    request,
  }) => {
    const installer = await apiAs(request, INSTALLER);
    const { requestId } = await createEstimate(installer);
    await act(installer, requestId, 'book', { startDate: isoDay(2) });
    const daysBefore = await installer.call<Day[]>('GET', `/installerCalendarRequest/${requestId}`);

    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await openEditFromDetail(page, 'jobs', requestId);
    await expect(
      page.getByRole('heading', { name: 'Update Retail services on the vehicle make and model' }),
    ).toBeVisible();
    await expect(selected(page)).toHaveCount(1);
    await look(page, 'edit-job-installer-1280');

    // Without services UPDATE is disabled and says why (rules 126, 128); the line comes back by adding it.
    const first = (await selected(page).first().innerText()).split(' — ')[0] ?? '';
    await selected(page)
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByText('No services to save')).toBeVisible();
    await expect(page.getByRole('button', { name: 'UPDATE' })).toBeDisabled();
    await page.getByRole('button', { name: `Add ${first}`, exact: true }).click();
    // A tint service, with a $10 discount through the wizards' dialog.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Glass/Tint', exact: true }).click();
    await page
      .getByLabel('Available services')
      .getByRole('button', { name: /^Add /, disabled: false })
      .first()
      .click();
    await expect(selected(page)).toHaveCount(2);
    await selected(page)
      .nth(1)
      .getByRole('button', { name: /^Discount/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Discount amount').fill('10');
    await dialog.getByRole('button', { name: 'Apply discount' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('line-discount')).toContainText('$10.00');

    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Job updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/jobs$/);

    const lines = await installer.call<Line[]>('GET', `/requestService/${requestId}`);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.service_discount).sort()).toEqual([0, 10]);
    const job = await installer.call<{ requestDuration: number; requestDiscount: number }>(
      'GET',
      `/requestimates/requestbyID/?Id=${requestId}`,
    );
    expect(job.requestDiscount).toBe(10);
    const days = await installer.call<Day[]>('GET', `/installerCalendarRequest/${requestId}`);
    expect(days.length).toBe(Math.max(1, Math.ceil(job.requestDuration)));
    expect(days[0]?.workDate).toBe(daysBefore[0]?.workDate);
  });

  test('an edit of a job that changed since it was opened is refused, and the job can be reloaded', async ({
    page,
    request,
  }) => {
    const installer = await apiAs(request, INSTALLER);
    const { requestId } = await createEstimate(installer);
    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditFromDetail(page, 'requestimates', requestId);
    await look(page, 'edit-job-installer-390');

    // Someone else saves first (the same lines, a discount).
    const opened = await installer.call<{ version: number; services: Line[] }>(
      'GET',
      `/requestimates/${requestId}/edit`,
    );
    await installer.call('PUT', `/requestimates/${requestId}/update-transaction`, {
      version: opened.version,
      services: opened.services.map((l) => ({ lineId: l.service_id, serviceDiscount: 5 })),
    });

    await selected(page)
      .first()
      .getByRole('button', { name: /^Discount/ })
      .click();
    await page.getByRole('dialog').getByLabel('Discount amount').fill('20');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply discount' }).click();
    await page.getByRole('button', { name: 'UPDATE' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'changed since you opened it' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/editJob/${requestId}$`));
    await look(page, 'edit-job-conflict-390');
    await alert.getByRole('button', { name: 'Reload job' }).click();
    await expect(page.getByTestId('line-discount')).toContainText('$5.00');
    // CANCEL goes back to the requests (the estimate is new).
    await page.getByRole('button', { name: 'CANCEL' }).click();
    await expect(page).toHaveURL(/\/requestimates$/);
  });

  test('a dealer edits its new request at dealer prices', async ({ page, request }) => {
    const installer = await apiAs(request, INSTALLER);
    const dealer: Api = await apiAs(request, DEALER);
    const { requestId } = await createDealerJob(installer, dealer, VIN);

    await signInAs(page, DEALER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await openEditFromDetail(page, 'requestimates', requestId);
    await expect(
      page.getByRole('heading', { name: 'Update Wholesale services on the vehicle make and model' }),
    ).toBeVisible();
    // Dealers never discount; they set what their customer pays.
    await expect(
      selected(page)
        .first()
        .getByRole('button', { name: /^Discount/ }),
    ).toHaveCount(0);
    const retail = selected(page).first().getByLabel('Retail price');
    await retail.fill('777');
    await look(page, 'edit-job-dealer-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await look(page, 'edit-job-dealer-390');
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Job updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/requestimates$/);
    const lines = await dealer.call<Line[]>('GET', `/requestService/${requestId}`);
    expect(lines[0]?.retail_price).toBe(777);
  });
});
