import type { TReferral } from '@app/contracts/referrals.contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/build-test-app';
import { createDealer, createInstaller, createUser } from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { referralHistory } from '../../db/schema/referrals';
import { mintSession, type Session } from '../lifecycle/lifecycle.fixture';

const NOW = new Date('2026-06-15T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

/** Reads a whole list page by page (`limit` each, `before` the last id read) and returns each page's ids. */
async function readAllPages(t: TestApp, url: string, session: Session, limit: number) {
  const pages: number[][] = [];
  let before: number | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const query = `limit=${limit}${before === undefined ? '' : `&before=${before}`}`;
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: session.headers });
    expect(res.statusCode).toBe(200);
    const ids = res.json<TReferral[]>().map((r) => r.referral_id);
    pages.push(ids);
    if (ids.length < limit) return pages;
    before = ids.at(-1);
  }
  throw new Error('the pages never ended');
}

describe('the referral lists are read a page at a time, newest first (rows 96, 97; decision 016)', () => {
  let dealerSession: Session;
  let dealerUserId: number;
  let installerSession: Session;
  let installerId: number;
  let dealerNewestFirst: number[];
  let installerNewestFirst: number[];

  const t = useTestApp({ clock: () => NOW });
  beforeAll(async () => {
    const db = t.database.db;
    const dealer = await createDealer(db, { email: 'pages@dealers.test' });
    const other = await createDealer(db, { email: 'other-pages@dealers.test' });
    const installer = await createInstaller(db, { name: 'Pages Tint' });
    const rival = await createInstaller(db, { name: 'Rival Tint' });
    installerId = installer.id;
    const dealerUser = await createUser(db, { dealerId: dealer.id });
    dealerUserId = dealerUser.id;
    dealerSession = await mintSession(t.config.jwtSecret, dealerUser);
    installerSession = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { installerId: installer.id }),
    );

    // Seven of the dealer's sales; two share a date (the id breaks the tie), one is long past.
    const hours = [5, 1, 30, 30, 2, 24 * 400, 12];
    const mine = [];
    for (const [i, h] of hours.entries()) {
      const status = i < 3 ? 'OFFERED' : i === 3 ? 'CLAIMED' : 'NEW';
      mine.push(
        await createReferral(db, {
          dealerId: dealer.id,
          dateAdded: hoursAgo(h),
          status,
          ...(status === 'CLAIMED' ? { claimedByInstallerId: installer.id, claimedAt: hoursAgo(h - 1) } : {}),
          offers: status === 'OFFERED' ? [{ installerId: installer.id, token: `pages-${i}` }] : undefined,
        }),
      );
    }
    await createReferral(db, { dealerId: other.id, dateAdded: hoursAgo(3) });
    // The installer's: two more claimed (one years old), an expired offer, and a lead offered to a rival only.
    const claimedOld = await createReferral(db, {
      dealerId: other.id,
      dateAdded: hoursAgo(24 * 800),
      status: 'CLAIMED',
      claimedByInstallerId: installer.id,
      claimedAt: hoursAgo(24 * 799),
    });
    const claimedNew = await createReferral(db, {
      dealerId: other.id,
      dateAdded: hoursAgo(4),
      status: 'CLAIMED',
      claimedByInstallerId: installer.id,
      claimedAt: hoursAgo(3),
    });
    // Offered 29 days ago, when it was added: open for one more day, so on the installer's pages.
    const offeredLongAgo = await createReferral(db, {
      dealerId: other.id,
      dateAdded: hoursAgo(24 * 29),
      status: 'OFFERED',
      offers: [{ installerId: installer.id, token: 'pages-29-days' }],
    });
    await createReferral(db, {
      dealerId: other.id,
      dateAdded: hoursAgo(24 * 40),
      status: 'OFFERED',
      offers: [{ installerId: installer.id, token: 'pages-expired' }],
    });
    await createReferral(db, {
      dealerId: other.id,
      dateAdded: hoursAgo(6),
      status: 'OFFERED',
      offers: [{ installerId: rival.id, token: 'pages-rival' }],
    });

    const newestFirst = (rows: { id: number; dateAdded: Date }[]) =>
      [...rows].sort((a, b) => b.dateAdded.getTime() - a.dateAdded.getTime() || b.id - a.id).map((r) => r.id);
    dealerNewestFirst = newestFirst(mine);
    installerNewestFirst = newestFirst([...mine.slice(0, 4), claimedOld, claimedNew, offeredLongAgo]);
  });

  it("a dealership's pages follow one another without gaps or repeats, and hold only its referrals", async () => {
    const pages = await readAllPages(t, `/api/referrals/${dealerUserId}`, dealerSession, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(dealerNewestFirst);
  });

  it("an installer's pages merge its claimed leads with those offered to it and still open, newest first", async () => {
    const pages = await readAllPages(t, `/api/referrals/specialist/${installerId}`, installerSession, 2);
    expect(pages.flat()).toEqual(installerNewestFirst);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
  });

  it('each referral of a page carries its own status history, oldest step first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/specialist/${installerId}?limit=50`,
      headers: installerSession.headers,
    });
    const page = res.json<TReferral[]>();
    expect(page.length).toBe(installerNewestFirst.length);
    for (const referral of page) {
      const steps = await t.database.db
        .select({ status: referralHistory.status, changedAt: referralHistory.changedAt })
        .from(referralHistory)
        .where(eq(referralHistory.referralId, referral.referral_id))
        .orderBy(asc(referralHistory.changedAt), asc(referralHistory.id));
      expect(steps.length).toBeGreaterThan(0);
      expect(referral.history).toEqual(
        steps.map((h) => ({ status: h.status, changed_at: h.changedAt.toISOString() })),
      );
    }
    // A claimed lead went through NEW … CLAIMED; an offered one stops at OFFERED.
    const statuses = page.map((r) => r.history.at(-1)?.status);
    expect(new Set(statuses)).toEqual(new Set(['OFFERED', 'CLAIMED']));
  });

  it('without paging arguments the newest 100 come back, and bad ones are refused with a message', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/${dealerUserId}`,
      headers: dealerSession.headers,
    });
    expect(all.json<TReferral[]>().map((r) => r.referral_id)).toEqual(dealerNewestFirst);
    for (const query of ['limit=0', 'limit=201', 'before=abc', 'before=-4']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/referrals/${dealerUserId}?${query}`,
        headers: dealerSession.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBeTruthy();
    }
  });
});
