import { expect, type Page, test } from '@playwright/test';
import { apiAs, look, signInAs } from './helpers';

// User Management (issue 15, R20, rows 148–154): the ADMIN installer@demo.test lists its users, searches,
// creates a user of Elite with company access to Elite North (a set-password e-mail, never a password), edits
// it (Company Access side panel, account status pending), and sends Nina a password reset that lands in the
// local outbox. A STANDARD installer gets no User Management.

const ADMIN = 'installer@demo.test';
const NINA = 'installer2@demo.test';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`user management ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(120_000);

    test('create and edit a user with company access; reset a password', async ({ page, request }) => {
      const prefix = `users-${viewport.name}`;
      const email = `e2e.${viewport.name}.${Date.now()}@elite.test`;
      await signInAs(page, ADMIN);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/users');
      await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Nina Patel' })).toBeVisible();
      await look(page, `${prefix}-1-list`);

      await page.getByLabel('Search users').fill('NINA');
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(1);
      await page.getByLabel('Search users').fill('');

      await page.getByRole('button', { name: 'Create New User' }).click();
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText('Phone must be exactly 10 digits')).toBeVisible();
      await expect(page.getByText('Primary company is required')).toBeVisible();
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Name' }).fill('Erin Tester');
      await page.getByRole('textbox', { name: 'Phone (10 digits)' }).fill('8135550177');
      await choose(page, 'Primary Company', 'Elite Auto Film');
      await choose(page, 'Add company access', 'Elite Auto Film North');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Additional companies' })).toContainText(
        'Elite Auto Film North',
      );
      await look(page, `${prefix}-2-create`);
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText('User created successfully!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Erin Tester' }).first()).toBeVisible();

      // The notification covers the top bar until it closes by itself.
      await expect(page.getByText('User created successfully!')).toBeHidden({ timeout: 15_000 });
      // Edit: the company access was saved, the account waits for its password.
      await page.getByLabel('Search users').fill(email);
      await page.getByRole('button', { name: 'Edit Erin Tester' }).click();
      await expect(page.getByRole('heading', { name: 'Edit User: Erin Tester' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Additional companies' })).toContainText(
        'Elite Auto Film North',
      );
      await expect(page.getByText('pending', { exact: true })).toBeVisible();
      await page.getByRole('textbox', { name: 'Name' }).fill('Erin Tested');
      await page.getByRole('button', { name: 'Remove Elite Auto Film North' }).click();
      await look(page, `${prefix}-3-edit`);
      await page.getByRole('button', { name: 'Update User' }).click();
      await expect(page.getByText('User updated successfully!')).toBeVisible();
      const admin = await apiAs(request, ADMIN);
      const users = await admin.call<{ User_id: number; Email: string; user_name: string }[]>(
        'GET',
        '/users',
      );
      const erin = users.find((u) => u.Email === email);
      expect(erin?.user_name).toBe('Erin Tested');
      const access = await admin.call<{ company_name: string }[]>('GET', `/userAccess/${erin?.User_id}`);
      expect(access.map((c) => c.company_name)).toEqual(['Elite Auto Film']);

      // Password reset for Nina: the mail is in the local outbox.
      await page.getByLabel('Search users').fill('');
      await page.getByRole('button', { name: 'Edit Nina Patel' }).click();
      await expect(page.getByText('active', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Send Password Reset' }).click();
      await expect(page.getByText('Password reset email sent successfully!')).toBeVisible();
      const nina = await apiAs(request, NINA);
      await expect
        .poll(async () => {
          const { items } = await nina.call<{ items: { text: string }[] }>(
            'GET',
            '/dev/outbox?channel=email',
          );
          return items.some((item) => item.text.includes('/reset-password?token='));
        })
        .toBe(true);
    });
  });
}

test('a STANDARD installer has no User Management, and the server refuses it', async ({ page, request }) => {
  await signInAs(page, NINA);
  await expect(page).toHaveURL(/\/requestimates$/);
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  const signIn = await request.post('/api/auth/signin', { data: { email: NINA, password: 'demo1234' } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const res = await request.get('/api/users', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(res.status()).toBe(403);
});
