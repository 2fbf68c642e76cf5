import { expect, test } from '@playwright/test';
import { look, signInAs } from './helpers';

// The installer's profile (issue 15, R21, row 157, P27): a paying installer's connected payment account and
// business information; the trial installer's setup progress (done / to do), the payment panel's button on
// row 155 (its reply is stubbed here: the onboarding module owns the call) with the Setup Error alert and the
// redirect to the returned link; and the load failure with Try Again.

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`profile ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(120_000);

    test('a paying installer: connected account and business information', async ({ page }) => {
      await signInAs(page, 'installer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
      const payment = page.getByRole('region', { name: 'Payment Account' });
      await expect(payment.getByText('Connected', { exact: true })).toBeVisible();
      await expect(payment.getByRole('progressbar', { name: 'Payment setup 100% complete' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Setup Progress' })).toHaveCount(0);
      const business = page.getByRole('region', { name: 'Business Information' });
      await expect(business.getByText('Elite Auto Film', { exact: true })).toBeVisible();
      await expect(business.getByText('7.5%')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Account Settings' })).toContainText('Coming soon.');
      await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
      await look(page, `profile-${viewport.name}-1-paid`);
    });

    test('a trial installer: setup progress, Setup Error, then the onboarding link', async ({ page }) => {
      await signInAs(page, 'installer3@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/profile');
      const setup = page.getByRole('region', { name: 'Setup Progress' });
      await expect(setup.getByRole('progressbar', { name: 'Setup 50% complete' })).toBeVisible();
      await expect(setup.getByRole('listitem').filter({ hasText: 'Payment account set up' })).toContainText(
        'To do',
      );
      const payment = page.getByRole('region', { name: 'Payment Account' });
      await expect(payment.getByText('Setup Required', { exact: true })).toBeVisible();
      await expect(payment).toContainText('about 3 to 5 minutes');
      await look(page, `profile-${viewport.name}-2-trial`);

      // Row 155 fails: the Setup Error alert (M232, M234).
      await page.route('**/api/stripe/create-express-account', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: '{"code":"INTERNAL","message":"x"}',
        }),
      );
      await payment.getByRole('button', { name: 'Set Up Payment Account' }).click();
      const alert = payment.getByRole('alert');
      await expect(alert).toContainText('Setup Error');
      await expect(alert).toContainText('Failed to create payment account');
      await look(page, `profile-${viewport.name}-3-setup-error`);

      // Row 155 answers a link: the browser goes there.
      await page.unroute('**/api/stripe/create-express-account');
      await page.route('**/api/stripe/create-express-account', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ accountLinkUrl: '/profile?onboarding=stub', accountId: 'acct_stub' }),
        }),
      );
      await payment.getByRole('button', { name: 'Set Up Payment Account' }).click();
      await expect(page).toHaveURL(/\/profile\?onboarding=stub$/);
    });

    test('a profile that fails to load offers Try Again', async ({ page }) => {
      await signInAs(page, 'installer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.route('**/api/profile/*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"code":"X","message":"down"}',
        }),
      );
      await page.goto('/profile');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Failed to load profile information');
      await expect(alert).toContainText('Unable to load account information. Please refresh the page.');
      await look(page, `profile-${viewport.name}-4-failed`);
      await page.unroute('**/api/profile/*');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('region', { name: 'Business Information' })).toBeVisible();
    });
  });
}
