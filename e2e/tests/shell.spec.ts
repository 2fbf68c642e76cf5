import { expect, test } from '@playwright/test';
import { fillSignIn, signInAs, snap } from './helpers';

// Exactly the menu each demo account's role and access allow (002 §2.2, decision 15).
const accounts = [
  {
    email: 'dealer@demo.test',
    company: 'Sunrise Motors',
    menu: ['Referrals', 'Requests', 'Jobs', 'Pickup/Review', 'Financials'],
  },
  {
    email: 'assist@demo.test',
    company: 'Sunrise Motors',
    menu: ['Referrals', 'Requests', 'Jobs', 'Pickup/Review', 'Financials'],
  },
  {
    email: 'dealer2@demo.test',
    company: 'Harbor Auto Group',
    menu: ['Referrals', 'Requests', 'Jobs', 'Pickup/Review', 'Financials'],
  },
  {
    email: 'installer@demo.test',
    company: 'Elite Auto Film',
    menu: [
      'Referrals',
      'Requests',
      'Jobs',
      'Pickup/Deliver',
      'Calendar',
      'Financials',
      'Customers',
      'Services',
      'Vehicles',
      'Profile',
      'User Management',
    ],
  },
  {
    email: 'installer2@demo.test',
    company: 'Elite Auto Film North',
    menu: [
      'Referrals',
      'Requests',
      'Jobs',
      'Pickup/Deliver',
      'Calendar',
      'Financials',
      'Customers',
      'Services',
      'Vehicles',
      'Profile',
    ],
  },
  {
    email: 'installer3@demo.test',
    company: 'Clearview Tint',
    menu: [
      'Referrals',
      'Requests',
      'Jobs',
      'Pickup/Deliver',
      'Calendar',
      'Financials',
      'Customers',
      'Services',
      'Vehicles',
      'Profile',
    ],
  },
];

test.describe('desktop shell', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const account of accounts) {
    test(`${account.email} signs in, lands on /requestimates and sees exactly its menu`, async ({ page }) => {
      await signInAs(page, account.email);
      await expect(page).toHaveURL(/\/requestimates$/);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu).toBeVisible();
      // Counts load (no 'Error loading data').
      await expect(menu.getByText('Loading')).toHaveCount(0);
      await expect(menu.getByText('Error loading data')).toHaveCount(0);
      const labels = await menu.getByRole('link').allInnerTexts();
      const entries = labels
        .map((l) => l.split('\n')[0]!.trim())
        .filter(
          (l) =>
            account.menu.includes(l) ||
            /^(Referrals|Requests|Jobs|Pickup|Calendar|Financials|Customers|Services|Vehicles|Profile|User Management)/.test(
              l,
            ),
        );
      expect(entries).toEqual(account.menu);
      // The company title, or the company dropdown for users of two or more companies.
      const dropdown = page.getByRole('combobox', { name: 'Company' });
      if (account.email === 'installer@demo.test') {
        await expect(dropdown.locator('option:checked')).toHaveText(account.company);
      } else await expect(page.getByText(account.company).first()).toBeVisible();
      await expect(page.getByText('Version 3.18').first()).toBeVisible();
      if (account.email === 'installer@demo.test' || account.email === 'dealer@demo.test') {
        await snap(page, `home-${account.email.split('@')[0]}-1280`);
      }
    });
  }

  test('a wrong password shows M2 and stays on sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Sign in to the product')).toBeVisible();
    await snap(page, 'sign-in-1280');
    await signInAs(page, 'dealer@demo.test', 'wrong-password');
    await expect(
      page.getByText('Sign in failed. Please check your credentials and try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a signed-out visit to a signed-in route goes to /login and returns there after sign-in', async ({
    page,
  }) => {
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/login/);
    await fillSignIn(page, 'installer@demo.test');
    await expect(page).toHaveURL(/\/jobs$/);
  });

  test('the installer with two locations switches company from the top bar', async ({ page }) => {
    await signInAs(page, 'installer@demo.test');
    await expect(page).toHaveURL(/\/requestimates$/);
    const switcher = page.getByRole('combobox', { name: 'Company' });
    await switcher.selectOption({ label: 'Elite Auto Film North' });
    await expect(page).toHaveURL(/\/requestimates$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(switcher.locator('option:checked')).toHaveText('Elite Auto Film North');
    // The session is now scoped to North: a reload keeps it.
    await page.reload();
    await expect(switcher.locator('option:checked')).toHaveText('Elite Auto Film North');
  });

  test('sign out returns to /login and protected routes stay closed', async ({ page }) => {
    await signInAs(page, 'dealer@demo.test');
    await expect(page).toHaveURL(/\/requestimates$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/requestimates');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('mobile shell', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sign-in and home at 390 px with the menu in a drawer', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Lets Go' })).toBeVisible();
    await snap(page, 'sign-in-390');
    await signInAs(page, 'installer@demo.test');
    await expect(page).toHaveURL(/\/requestimates$/);
    await snap(page, 'home-installer-390');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' }).last();
    await expect(menu.getByRole('link', { name: /Calendar/ })).toBeVisible();
    await page.waitForTimeout(400); // let the drawer finish sliding in before the picture
    await snap(page, 'menu-installer-390');
  });

  test('dealer home at 390 px', async ({ page }) => {
    await signInAs(page, 'dealer@demo.test');
    await expect(page).toHaveURL(/\/requestimates$/);
    await snap(page, 'home-dealer-390');
  });
});
