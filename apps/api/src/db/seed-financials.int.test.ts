import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/build-test-app';
import { DEMO_PASSWORD, seedDemoData } from './seed';

const NOW = new Date('2025-06-18T15:30:00.000Z');

type Page = { total: number; totals: { count: number; paid_cents: number; pending_cents: number } };
type Revenue = { points: { period: string; invoiced_cents: number; paid_cents: number }[] };

/** Issue 13: the demo's financials are full on first sign-in, for every installer and both dealerships. */
describe('demo financial history', () => {
  const t = useTestApp({ clock: () => NOW });
  beforeAll(async () => {
    expect(await seedDemoData(t.database.db, { now: NOW })).toEqual({ seeded: true });
  });

  const read = async <T>(email: string, url: (companyId: number) => string): Promise<T> => {
    const session = await signIn(t.app, email, DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: url(session.user.companyId),
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it.each([
    ['installer@demo.test', 'installerPayments'],
    ['installer2@demo.test', 'installerPayments'],
    ['installer3@demo.test', 'installerPayments'],
    ['dealer@demo.test', 'dealerPayments'],
    ['dealer2@demo.test', 'dealerPayments'],
  ])(
    '%s sees invoices in every month of the last year, some paid and some still due',
    async (email, path) => {
      const chart = await read<Revenue>(
        email,
        (id) => `/api/financials/revenue/${id}?from=2024-07-01&to=2025-06-18`,
      );
      expect(chart.points).toHaveLength(12);
      for (const point of chart.points) expect(point.invoiced_cents, point.period).toBeGreaterThan(0);
      const month = await read<Page>(email, (id) => `/api/${path}/${id}`);
      expect(month.total).toBeGreaterThan(0);
      const year = await read<Page>(email, (id) => `/api/${path}/${id}?from=2024-06-19&to=2025-06-18`);
      expect(year.totals.count).toBeGreaterThan(20);
      expect(year.totals.paid_cents).toBeGreaterThan(0);
      expect(year.totals.pending_cents).toBeGreaterThan(0);
    },
  );

  it('has paid, settled, invoiced and pending rows', async () => {
    for (const state of ['paid', 'invoiced', 'pending']) {
      const page = await read<Page>(
        'installer@demo.test',
        (id) => `/api/installerPayments/${id}?from=2024-06-01&to=2025-06-18&state=${state}`,
      );
      expect(page.total, state).toBeGreaterThan(0);
    }
  });
});
