import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

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

/**
 * Screenshots we look at, kept under screenshots/ (not committed). Every screen a spec keeps a picture of is
 * also scanned with axe (WCAG 2.2 AA; any critical or serious violation fails the test), so axe covers every
 * screen and popup the suite looks at, not only the ones accessibility.spec.ts visits (issue 17).
 */
export async function snap(page: Page, name: string) {
  await expectAccessible(page, name);
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function expectOnRequests(page: Page) {
  await expect(page).toHaveURL(/\/requestimates$/);
}

/** Scrolls to the top, then keeps a screenshot (snap). */
export async function look(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** The request detail's Actions region, and one of its buttons by its exact label. */
export function actionsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Actions' });
}

export function actionButton(page: Page, label: string): Locator {
  return actionsPanel(page).getByRole('button', { name: label, exact: true });
}

/**
 * COMPLETE JOB, RESCHEDULE and DELIVER ask first (issue 17, defect 4): presses the action, checks that the
 * confirmation says `says`, then presses the confirmation's own button of the same label.
 */
export async function pressConfirmed(page: Page, label: string, says?: string | RegExp) {
  await actionButton(page, label).click();
  const confirmation = page.getByRole('dialog');
  if (says) await expect(confirmation).toContainText(says);
  await confirmation.getByRole('button', { name: label, exact: true }).click();
  await expect(confirmation).toBeHidden();
}

/** A calendar day from today, as the API takes it: 'YYYY-MM-DD' (UTC). */
export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export type Api = {
  companyId: number;
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => Promise<T>;
};

/** Signs in through the API (not the page) and calls the API as that user; a non-2xx reply fails the test. */
export async function apiAs(request: APIRequestContext, email: string): Promise<Api> {
  const signIn = await request.post('/api/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const answer = await request.fetch(`/api${path}`, { method, headers, ...(data ? { data } : {}) });
    const text = await answer.text();
    expect(answer.ok(), `${method} ${path}: ${text}`).toBe(true);
    return JSON.parse(text) as T;
  };
  const me = await call<{ Company_id: number }>('GET', `/auth/login/?email=${encodeURIComponent(email)}`);
  return { companyId: me.Company_id, call };
}
