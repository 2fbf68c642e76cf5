import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { actionButton, apiAs, isoDay, look, signInAs } from './helpers';
import { act, createEstimate } from './jobs';

// Issue 17, defects 2 and 4: COMPLETE JOB, RESCHEDULE and DELIVER ask first, naming what will happen, and an
// action that moves the job to another list closes its details and says where it went, with a link.

const INSTALLER = 'installer@demo.test';
const VIN = '1HGCM82633A004352';

function toasts(page: Page) {
  return page.locator('.mantine-Notification-root');
}

test.describe('confirmations and where the job went', () => {
  test('COMPLETE JOB names the invoice and its recipient, Cancel changes nothing; DELIVER asks too', async ({
    page,
  }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const { requestId, totals } = await createEstimate(installer);
    await act(installer, requestId, 'book', { startDate: isoDay(1) });
    await act(installer, requestId, 'checkIn', { vin: VIN });
    const services = await installer.call<{ service_id: number }[]>('GET', `/requestService/${requestId}`);
    await act(installer, requestId, 'startService', { serviceId: services[0]?.service_id });
    const job = await installer.call<{ customerName: string | null; dealerName: string | null }>(
      'GET',
      `/requestimates/requestbyID/?Id=${requestId}`,
    );
    const recipient = job.dealerName ?? job.customerName ?? '';
    const amount = totals.customerTotal.toLocaleString('en-US', { minimumFractionDigits: 2 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await page.goto(`/jobs?id=${requestId}`);
    await actionButton(page, 'COMPLETE JOB').click();
    const confirmation = page.getByRole('dialog', { name: 'Complete this job?' });
    await expect(confirmation).toContainText(
      `Complete the job and send the invoice for $${amount} to ${recipient}?`,
    );
    await expectAccessible(page, 'complete-job confirmation');
    await look(page, 'confirm-complete-job-1280');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    // Nothing happened: still a started job in Jobs, and the focus is back on the button that asked.
    await expect(page).toHaveURL(new RegExp(`/jobs\\?id=${requestId}$`));
    await expect(actionButton(page, 'COMPLETE JOB')).toBeFocused();
    const still = await installer.call<{ currentState: string }>(
      'GET',
      `/requestimates/requestbyID/?Id=${requestId}`,
    );
    expect(still.currentState).toBe('started');

    await actionButton(page, 'COMPLETE JOB').click();
    await confirmation.getByRole('button', { name: 'COMPLETE JOB', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pickups\\?id=${requestId}$`));

    // DELIVER takes it out of the installer's lists: the details close and the message says so.
    // The details stay mounted as the job moves to Pickups: the first press on DELIVER asks (a re-mount of
    // the details once lost it, or the confirmation it had opened).
    await actionButton(page, 'DELIVER').click();
    const deliver = page.getByRole('dialog', { name: 'Deliver this vehicle?' });
    await expect(deliver).toContainText(`as delivered to ${recipient}?`);
    await expect(deliver).toContainText('This cannot be undone.');
    await deliver.getByRole('button', { name: 'DELIVER', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'It is no longer in your lists.' })).toBeVisible();
    await expect(page).toHaveURL(/\/pickups$/);
    await expect(page.getByRole('region', { name: 'Actions' })).toHaveCount(0);
  });

  test('RESCHEDULE names the days it releases; the job goes to Requests and the message links to it', async ({
    page,
  }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const { requestId } = await createEstimate(installer);
    await act(installer, requestId, 'book', { startDate: isoDay(2) });

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await page.goto(`/jobs?id=${requestId}`);
    await actionButton(page, 'RESCHEDULE').click();
    const confirmation = page.getByRole('dialog', { name: 'Reschedule this job?' });
    await expect(confirmation).toContainText(
      /its booked days \(\w{3}, \w{3} \d{1,2}\w{2} \d{4}.*\) are released/,
    );
    await expectAccessible(page, 'reschedule confirmation 390');
    await look(page, 'confirm-reschedule-390');
    await confirmation.getByRole('button', { name: 'RESCHEDULE', exact: true }).click();

    const toast = toasts(page).filter({ hasText: 'It is in Requests now.' });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/jobs$/);
    await look(page, 'moved-to-requests-toast-390');
    await toast.getByRole('link', { name: 'Open it in Requests' }).click();
    await expect(page).toHaveURL(new RegExp(`/requestimates\\?id=${requestId}$`));
    await expect(actionButton(page, 'BOOK JOB')).toBeVisible();
  });
});
