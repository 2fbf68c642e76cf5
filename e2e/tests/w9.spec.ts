import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { look, signInAs } from './helpers';

// The installer's W-9 (issue 15, decision 023): Elite Auto Film has one on file in the demo data and North has
// none. North uploads one on its profile (a wrong file is refused first), Sunrise Motors' financials list both
// specialists it paid by check or cash with Download W-9, and North removes it again after the confirmation
// (so the demo data is as it was for the specs after this one).

const W9_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test.describe.configure({ mode: 'serial' });

/**
 * Presses a W-9 download: the screen asks for a short-lived link (GET /profile/w9/{id}/link) and opens it in a
 * new window. Answers the file the link serves.
 */
async function openedW9(page: Page, request: APIRequestContext, press: () => Promise<void>): Promise<Buffer> {
  const popups: Page[] = [];
  page.context().on('page', (opened) => popups.push(opened));
  const answered = page.waitForResponse((r) => /\/api\/profile\/w9\/\d+\/link$/.test(r.url()));
  await press();
  const link = (await (await answered).json()) as { url: string; fileName: string };
  expect(link.url).toContain('/api/storage/object?key=w9%2F');
  const file = await request.get(link.url);
  expect(file.status()).toBe(200);
  for (const opened of popups) await opened.close();
  return file.body();
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`W-9 ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(120_000);

    test('an installer uploads its W-9 on the profile; a wrong file is refused', async ({
      page,
      request,
    }) => {
      await signInAs(page, 'installer2@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/profile');
      const w9 = page.getByRole('region', { name: 'W-9' });
      await expect(w9.getByText('Missing', { exact: true })).toBeVisible();
      await look(page, `w9-${viewport.name}-1-missing`);

      // The picker accepts PDF, JPEG and PNG; a text file renamed .pdf passes the browser and the server refuses it.
      const input = w9.getByLabel('W-9 file');
      await input.setInputFiles({
        name: 'w9.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('plain text'),
      });
      await expect(w9.getByRole('alert')).toContainText('The W-9 must be a PDF, JPEG or PNG file.');

      await input.setInputFiles({ name: 'North W-9.pdf', mimeType: 'application/pdf', buffer: W9_PDF });
      await expect(page.getByText('W-9 uploaded.')).toBeVisible();
      // The toast covers the phone's menu button: closed before the picture (axe: target size).
      await page.getByRole('button', { name: 'Close notification' }).click();
      await expect(w9.getByText('On file', { exact: true })).toBeVisible();
      await expect(w9.getByTestId('w9-status')).toContainText('North W-9.pdf, uploaded');
      await expect(w9.getByTestId('w9-status')).toContainText('by Nina Patel');
      await expect(w9.getByRole('button', { name: 'Replace' })).toBeVisible();
      await look(page, `w9-${viewport.name}-2-on-file`);

      // Download opens a short-lived link to the stored file in a new window.
      expect(
        await openedW9(page, request, () => w9.getByRole('button', { name: 'Download' }).click()),
      ).toEqual(W9_PDF);
    });

    test('the dealer sees the specialists it paid by check or cash, with their W-9', async ({
      page,
      request,
    }) => {
      await signInAs(page, 'dealer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/financials');
      const panel = page.getByRole('region', { name: 'Specialists paid by check or cash' });
      await expect(panel.getByTestId('direct-payees')).toBeVisible();
      await expect(
        panel.getByRole('button', { name: 'Download the W-9 of Elite Auto Film', exact: true }),
      ).toBeVisible();
      await expect(
        panel.getByRole('button', { name: 'Download the W-9 of Elite Auto Film North' }),
      ).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await look(page, `w9-${viewport.name}-3-dealer-financials`);

      const elite = await openedW9(page, request, () =>
        panel.getByRole('button', { name: 'Download the W-9 of Elite Auto Film', exact: true }).click(),
      );
      expect(elite.subarray(0, 5).toString()).toBe('%PDF-');
      expect(elite.toString('latin1')).toContain('Elite Auto Film');

      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download List (CSV)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^specialists-paid-by-check-or-cash_.*\.csv$/);
    });

    test('the installer removes its W-9 after the confirmation; the dealer sees it missing', async ({
      page,
    }) => {
      await signInAs(page, 'installer2@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/profile');
      const w9 = page.getByRole('region', { name: 'W-9' });
      await w9.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove W-9' });
      await expect(dialog).toContainText('Dealerships that pay you by check or cash');
      await look(page, `w9-${viewport.name}-4-remove-confirm`);
      await dialog.getByRole('button', { name: 'Remove W-9' }).click();
      await expect(page.getByText('W-9 removed.')).toBeVisible();
      await expect(w9.getByText('Missing', { exact: true })).toBeVisible();
    });
  });
}
