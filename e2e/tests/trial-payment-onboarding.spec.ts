import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, look, signInAs } from './helpers';

// Payment onboarding (issue 15, P27, rows 155/156) with the local payment adapter: the trial installer
// installer3@demo.test (Clearview Tint, payment setup incomplete) starts the account setup, which opens the
// adapter's own onboarding page; the form names each field it refuses, and a valid one completes the account and
// returns to /profile, whose payment panel then says the account is connected (100 %). Pictures with axe at
// 390 and 1280 px.
//
// Named to run after profile.spec.ts (one worker, files in name order): that spec needs Clearview still to have
// no payment account, and this one leaves it complete.

const TRIAL = 'installer3@demo.test';

async function tokenOf(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/signin', { data: { email: TRIAL, password: 'demo1234' } });
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

for (const viewport of [
  { width: 390, height: 844, name: 'w390' },
  { width: 1280, height: 900, name: 'w1280' },
]) {
  test.describe(`payment onboarding ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the setup link opens the onboarding form, which names what is missing', async ({
      page,
      request,
    }) => {
      const prefix = `onboarding-${viewport.name}`;
      await signInAs(page, TRIAL);
      await expect(page).toHaveURL(/\/requestimates$/);
      const trial = await apiAs(request, TRIAL);
      const { accountLinkUrl, accountId } = await trial.call<{ accountLinkUrl: string; accountId: string }>(
        'POST',
        '/stripe/create-express-account',
        { installerId: trial.companyId },
      );
      expect(accountId).toBe(`acct_local_${trial.companyId}`);
      // In progress now: continuing gives a fresh link.
      const continued = await trial.call<{ accountLinkUrl: string }>('POST', '/stripe/continue-onboarding', {
        installerId: trial.companyId,
      });
      expect(continued.accountLinkUrl).not.toBe(accountLinkUrl);

      await page.goto(new URL(accountLinkUrl).pathname);
      await expect(page.getByRole('heading', { name: 'Set up your payment account' })).toBeVisible();
      await expect(page.getByLabel('Legal business name')).toHaveValue('Clearview Tint');
      await look(page, `${prefix}-1-form`);

      await page.getByLabel('Last 4 digits of EIN or SSN').fill('12');
      await page.getByLabel('Bank routing number (9 digits)').fill('110000000');
      await page.getByRole('button', { name: 'Complete setup' }).click();
      await expect(page.getByRole('alert')).toContainText('Please correct the');
      await expect(page.getByText('Enter the last 4 digits')).toBeVisible();
      await expect(page.getByText('Choose the state')).toBeVisible();
      await expect(page.getByLabel('Bank routing number (9 digits)')).toHaveValue('110000000');
      await look(page, `${prefix}-2-errors`);

      if (viewport.width === 1280) {
        // A valid form completes the account and goes back to the profile (the last setup link is spent).
        await page.getByLabel('Last 4 digits of EIN or SSN').fill('6789');
        await page.getByLabel('Business phone (10 digits)').fill('(727) 555-0124');
        await page.getByLabel('Street address').fill('1450 Gulf Blvd');
        await page.getByLabel('City').fill('Clearwater');
        await page.getByLabel('State').selectOption('FL');
        await page.getByLabel('ZIP code').fill('33767');
        await page.getByLabel('Bank account number').fill('000123456789');
        await page.getByRole('button', { name: 'Complete setup' }).click();
        await expect(page).toHaveURL(/\/profile\?onboarding=return$/);
        const payment = page.getByRole('region', { name: 'Payment Account' });
        await expect(payment.getByRole('progressbar', { name: 'Payment setup 100% complete' })).toBeVisible();
        await look(page, `${prefix}-3-complete`);
        const again = await request.post('/api/stripe/create-express-account', {
          headers: { Authorization: `Bearer ${await tokenOf(request)}` },
          data: { installerId: trial.companyId },
        });
        expect(again.status()).toBe(409);
      }

      // A link nobody knows (or one already used) says how to get a new one.
      await page.goto('/connect/onboard/not-a-real-setup-link-token');
      await expect(page.getByRole('heading', { name: 'This setup link has expired' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
        'href',
        '/profile',
      );
    });
  });
}
