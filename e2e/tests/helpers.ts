import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillSignIn(page, email, password);
}

/** Fills the sign-in form on the current page (keeps a ?next= return address). */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Lets Go' }).click();
}

/** Screenshots we look at, kept under screenshots/ (not committed). */
export async function snap(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function expectOnRequests(page: Page) {
  await expect(page).toHaveURL(/\/requestimates$/);
}
