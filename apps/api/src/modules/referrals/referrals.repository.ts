import { REFERRAL_PAGE_MAX } from '@app/contracts/referrals.contract';
import { referralOffersOpenSince } from '@app/domain/referrals/referral-status';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { constantLimit } from '../../db/constant-limit';
import { intArray } from '../../db/int-array';
import { pickColumns } from '../../db/pick-columns';
import { customers } from '../../db/schema/customers';
import { dealers, installers, users } from '../../db/schema/identity';
import { referralHistory, referralOffers, referralPayouts, referrals } from '../../db/schema/referrals';
import { serviceRequests } from '../../db/schema/service-requests';
import { vehicles } from '../../db/schema/vehicles';
import { openOffersOf } from './referrals.open-offers';
import type { ReferralRow } from './referrals.transitions';

type Conn = Db | Tx;

/** A referral with what its views show: the customer, the dealership and the status history. */
export type ReferralView = {
  row: ReferralRow;
  customer: { name: string; email: string | null; phone: string | null } | null;
  dealerName: string;
  history: { status: string; changedAt: Date }[];
};

/** A page of a referral list: `limit` rows older than the referral `before` (newest first when absent). */
export type ReferralPage = { limit: number; before?: number };

export type CandidateInstaller = {
  id: number;
  name: string;
  email: string | null;
  zip: string;
};

const viewColumns = {
  row: referrals,
  customerName: customers.name,
  customerEmail: customers.email,
  customerPhone: customers.phone,
  dealerName: dealers.name,
};

export function createReferralsRepository(db: Db) {
  /** The status history of the referrals `of` names, oldest change first. */
  const selectHistory = (conn: Conn, of: SQL) =>
    conn
      .select(pickColumns(referralHistory, 'referralId', 'status', 'changedAt'))
      .from(referralHistory)
      .where(of)
      .orderBy(asc(referralHistory.changedAt), asc(referralHistory.id));
  /** That of a page of referrals, prepared once like the pages themselves. */
  const historyOfPage = selectHistory(
    db,
    sql`${referralHistory.referralId} = any(${sql.placeholder('ids')})`,
  ).prepare('referral_history_of_page');

  async function withHistory(
    rows: {
      row: ReferralRow;
      customerName: string | null;
      customerEmail: string | null;
      customerPhone: string | null;
      dealerName: string;
    }[],
    conn: Conn = db,
  ): Promise<ReferralView[]> {
    const ids = rows.map((r) => r.row.id);
    const history =
      ids.length === 0
        ? []
        : conn === db
          ? await historyOfPage.execute({ ids })
          : await selectHistory(conn, inArray(referralHistory.referralId, ids));
    const byReferral = new Map<number, { status: string; changedAt: Date }[]>();
    for (const h of history) {
      const list = byReferral.get(h.referralId) ?? [];
      list.push(h);
      byReferral.set(h.referralId, list);
    }
    return rows.map((r) => ({
      row: r.row,
      customer:
        r.customerName === null
          ? null
          : { name: r.customerName, email: r.customerEmail, phone: r.customerPhone },
      dealerName: r.dealerName,
      history: (byReferral.get(r.row.id) ?? []).map(({ status, changedAt }) => ({ status, changedAt })),
    }));
  }

  /** The name, e-mail and phone of an installer or a user (a signed-in claimant and its company). */
  async function findContact(table: typeof installers | typeof users, id: number) {
    const [row] = await db
      .select(pickColumns(table, 'id', 'name', 'email', 'phone'))
      .from(table)
      .where(eq(table.id, id));
    return row ?? null;
  }

  function selectViews(conn: Conn = db) {
    return conn
      .select(viewColumns)
      .from(referrals)
      .innerJoin(dealers, eq(dealers.id, referrals.dealerId))
      .leftJoin(customers, eq(customers.id, referrals.customerId));
  }

  const newestFirst = [desc(referrals.dateAdded), desc(referrals.id)];
  /** The rows after the placeholder `before` in the lists' order, when the page has one. */
  const pagedAfter = (
    paged: boolean,
    dateAdded: SQL | typeof referrals.dateAdded,
    id: SQL | typeof referrals.id,
  ) =>
    paged
      ? sql`(${dateAdded}, ${id}) <
          (select b.date_added, b.id from referrals b where b.id = ${sql.placeholder('before')})`
      : undefined;
  // Each list's page is its rows in list order cut first at the most a page holds, a constant in the SQL,
  // so PostgreSQL keeps one plan whatever the history (constantLimit, decision 028: with the `limit`
  // parameter alone every call was planned again at 1M requests, 0.1–0.5 ms of the database's time a page).
  const pageMax = constantLimit(REFERRAL_PAGE_MAX);
  /** A page of one range of an index in list order (a dealership's referrals, an installer's claimed ones). */
  const rangePage = (where: SQL | undefined) =>
    sql`(${db
      .select({ id: referrals.id, dateAdded: referrals.dateAdded })
      .from(referrals)
      .where(where)
      .orderBy(...newestFirst)} ${pageMax}) page`;
  /**
   * A page of the leads offered to the installer and still claimable. An offer is made after its lead was
   * added and a lead is claimable for REFERRAL_VALID_DAYS after that, so those leads are among the offers
   * of the last REFERRAL_VALID_DAYS (`since`): one range of referral_offers_installer_offered_idx, each
   * lead then read by its key. The range is read whole in a subquery the planner cannot flatten
   * (`offset 0`), then sorted: so no plan, kept or not, can instead walk the referrals in date order and
   * probe each for an offer, which reads the platform's referral history (decision 028, item 3). The range
   * is closed at `now` (no offer is made later): PostgreSQL guesses a closed range of a parameter small and
   * keeps the plan, where an open one looked like a third of the installer's offers and was planned anew
   * on every call (12 of 12 at 100k requests).
   */
  const offeredPage = (paged: boolean) =>
    sql`(select open.id, open.date_added from (
           select r.id, r.date_added
             from ${openOffersOf(sql.placeholder('companyId'), sql.placeholder('since'), sql.placeholder('now'))}
              ${paged ? sql`and ${pagedAfter(true, sql`r.date_added`, sql`r.id`)}` : sql``}
           offset 0) open
         order by open.date_added desc, open.id desc ${pageMax}) page`;
  /** A list page as a prepared statement, so the SQL is written once and the database keeps the plan. */
  const listStatement = (name: string, page: SQL) =>
    db
      .select(viewColumns)
      .from(page)
      .innerJoin(referrals, sql`${referrals.id} = page.id`)
      .innerJoin(dealers, eq(dealers.id, referrals.dealerId))
      .leftJoin(customers, eq(customers.id, referrals.customerId))
      .orderBy(sql`page.date_added desc, page.id desc`)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  /** The list pages, with and without `before`. */
  const listStatements = (paged: boolean) => {
    const suffix = paged ? '_before' : '';
    const after = pagedAfter(paged, referrals.dateAdded, referrals.id);
    return {
      dealer: listStatement(
        `referrals_dealer_page${suffix}`,
        rangePage(and(eq(referrals.dealerId, sql.placeholder('companyId')), after)),
      ),
      claimed: listStatement(
        `referrals_claimed_page${suffix}`,
        rangePage(and(eq(referrals.claimedByInstallerId, sql.placeholder('companyId')), after)),
      ),
      offered: listStatement(`referrals_offered_page${suffix}`, offeredPage(paged)),
    };
  };
  const pages = { first: listStatements(false), later: listStatements(true) };
  const pageValues = (companyId: number, page: ReferralPage) => ({
    companyId,
    limit: page.limit,
    ...(page.before === undefined ? {} : { before: page.before }),
  });

  return {
    /** A page of a dealership's referrals, newest sale first: one range of referrals_dealer_list_idx. */
    async listForDealer(dealerId: number, page: ReferralPage): Promise<ReferralView[]> {
      const statements = page.before === undefined ? pages.first : pages.later;
      return withHistory(await statements.dealer.execute(pageValues(dealerId, page)));
    },

    /**
     * A page of the leads the installer claimed and of those offered to it and still claimable, newest
     * first. Each arm is read in index order and limited before the merge (decision 016): the claimed ones
     * through referrals_claimed_list_idx, the claimable ones among the installer's offers of the last
     * REFERRAL_VALID_DAYS (`offeredPage`), so that arm never reads older history.
     */
    async listForInstaller(installerId: number, now: Date, page: ReferralPage): Promise<ReferralView[]> {
      const statements = page.before === undefined ? pages.first : pages.later;
      const values = pageValues(installerId, page);
      const [claimed, offered] = await Promise.all([
        statements.claimed.execute(values),
        statements.offered.execute({ ...values, now, since: referralOffersOpenSince(now) }),
      ]);
      const merged = [...claimed, ...offered]
        .sort((a, b) => b.row.dateAdded.getTime() - a.row.dateAdded.getTime() || b.row.id - a.row.id)
        .filter((r, i, all) => i === 0 || all[i - 1]?.row.id !== r.row.id)
        .slice(0, page.limit);
      return withHistory(merged);
    },

    async findView(id: number, conn: Conn = db): Promise<ReferralView | null> {
      const rows = await selectViews(conn).where(eq(referrals.id, id));
      return (await withHistory(rows, conn))[0] ?? null;
    },

    async findByBenefitsToken(id: number, tokenHash: string): Promise<ReferralRow | null> {
      return firstRow(db, referrals, and(eq(referrals.id, id), eq(referrals.benefitsTokenHash, tokenHash)));
    },

    /** The offer a claim link names (its token and referral must match). */
    async findOfferByToken(referralId: number, tokenHash: string) {
      return firstRow(
        db,
        referralOffers,
        and(eq(referralOffers.referralId, referralId), eq(referralOffers.tokenHash, tokenHash)),
      );
    },

    async findOffer(referralId: number, installerId: number) {
      return firstRow(
        db,
        referralOffers,
        and(eq(referralOffers.referralId, referralId), eq(referralOffers.installerId, installerId)),
      );
    },

    async countOffers(tx: Conn, referralId: number): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(referralOffers)
        .where(eq(referralOffers.referralId, referralId));
      return Number(row?.total ?? 0);
    },

    async insertOffers(
      tx: Tx,
      referralId: number,
      offers: { installerId: number; tokenHash: string; distanceScore: number }[],
      now: Date,
    ) {
      if (offers.length === 0) return;
      await tx
        .insert(referralOffers)
        .values(
          offers.map((o, index) => ({
            referralId,
            installerId: o.installerId,
            rank: index + 1,
            distanceScore: o.distanceScore,
            tokenHash: o.tokenHash,
            offeredAt: now,
          })),
        )
        .onConflictDoNothing();
    },

    /** Specialists that take retail work and have a ZIP: the candidates a lead is offered to. */
    async listCandidateInstallers(): Promise<CandidateInstaller[]> {
      const rows = await db
        .select({ id: installers.id, name: installers.name, email: installers.email, zip: installers.zip })
        .from(installers)
        .where(and(eq(installers.offersRetail, true), isNotNull(installers.zip)));
      return rows.flatMap((r) => (r.zip ? [{ ...r, zip: r.zip }] : []));
    },

    findInstaller: (id: number) => findContact(installers, id),

    findUser: (id: number) => findContact(users, id),

    async findDealer(id: number, conn: Conn = db) {
      const [row] = await conn
        .select({ id: dealers.id, name: dealers.name, email: dealers.email, zip: dealers.zip })
        .from(dealers)
        .where(eq(dealers.id, id));
      return row ?? null;
    },

    /** A dealer user who may refer (signs in, active, not DIRECT), by e-mail: the public form's referrer. */
    async findReferringDealerUser(email: string) {
      const [row] = await db
        .select({ id: users.id, dealerId: users.dealerId, email: users.email, access: users.access })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
            eq(users.userType, 'dealer'),
            eq(users.loginEnabled, true),
            eq(users.status, 'active'),
          ),
        );
      return row ?? null;
    },

    /** The dealership's own customer (a referral names only customers of the dealership that sold the car). */
    async findDealerCustomer(dealerId: number, customerId: number) {
      const [row] = await db
        .select({ id: customers.id, name: customers.name, email: customers.email })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.dealerId, dealerId)));
      return row ?? null;
    },

    /** The referral flow's customer: the dealership's, no installer owns it yet (owningInstaller 0, K91). */
    async insertCustomer(tx: Tx, values: { dealerId: number; name: string; email: string }) {
      const [row] = await tx
        .insert(customers)
        .values({ ...values, owningInstallerId: null, customerType: 'Prospect' })
        .returning({ id: customers.id, name: customers.name, email: customers.email });
      if (!row) throw new Error('customer insert returned nothing');
      return row;
    },

    async updateCustomerPhone(tx: Tx, customerId: number, phone: string) {
      await tx.update(customers).set({ phone, updatedAt: new Date() }).where(eq(customers.id, customerId));
    },

    /** The claimant becomes the owner of a lead's customer nobody owns yet, so it can quote and book it. */
    async adoptCustomer(tx: Tx, customerId: number, installerId: number) {
      await tx
        .update(customers)
        .set({ owningInstallerId: installerId, updatedAt: new Date() })
        .where(and(eq(customers.id, customerId), isNull(customers.owningInstallerId)));
    },

    async findVehicleByVin(vin: string) {
      const [row] = await db
        .select({ id: vehicles.id, year: vehicles.year, make: vehicles.make, model: vehicles.model })
        .from(vehicles)
        .where(eq(vehicles.vin, vin))
        .limit(1);
      return row ?? null;
    },

    async insertReferral(tx: Tx, values: typeof referrals.$inferInsert): Promise<ReferralRow> {
      const [row] = await tx.insert(referrals).values(values).returning();
      if (!row) throw new Error('referral insert returned nothing');
      return row;
    },

    async insertHistory(tx: Tx, values: typeof referralHistory.$inferInsert) {
      await tx.insert(referralHistory).values(values);
    },

    /** The request an installer made (its estimate) or was given (assigned to it). */
    async findInstallerRequest(conn: Conn, installerId: number, requestId: number) {
      const [row] = await conn
        .select({ id: serviceRequests.id, currentState: serviceRequests.currentState })
        .from(serviceRequests)
        .where(
          and(
            eq(serviceRequests.id, requestId),
            or(
              eq(serviceRequests.requestorInstallerId, installerId),
              eq(serviceRequests.assignedInstallerId, installerId),
            ),
          ),
        );
      return row ?? null;
    },

    /**
     * The dealer's funnel and bonus figures. The referrals per status and the bonuses of its COMPLETE ones,
     * paid out or not, are counts the writing transactions keep (request_list_counts, migration 0024); this
     * month's bonuses are one range of referrals_payable_idx. None reads the dealership's referral history.
     */
    async summarize(dealerId: number, monthStart: Date) {
      const kept = await db.execute(sql`
        select branch, state, sum(n)::int as n from request_list_counts
         where company_id = ${dealerId} and branch in ('referrals_dealer', 'referral_bonus_dealer')
         group by branch, state`);
      const [month] = await db
        .select({ cents: sql<number>`coalesce(sum(${referrals.bonusCents}), 0)::int` })
        .from(referrals)
        .where(
          and(
            eq(referrals.dealerId, dealerId),
            gte(referrals.completedAt, monthStart),
            eq(referrals.status, 'COMPLETE'),
          ),
        );
      const rows = (kept as unknown as { rows: { branch: string; state: string; n: number }[] }).rows;
      const bonus = (state: string) =>
        Number(rows.find((r) => r.branch === 'referral_bonus_dealer' && r.state === state)?.n ?? 0);
      return {
        byStatus: rows
          .filter((r) => r.branch === 'referrals_dealer')
          .map((r) => ({ status: r.state, count: Number(r.n) })),
        thisMonthCents: Number(month?.cents ?? 0),
        totalCents: bonus('COMPLETE'),
        pendingCents: bonus('UNPAID'),
      };
    },

    /** Dealerships with bonuses payable before `before` and not yet paid out. */
    async listDealersToPay(before: Date): Promise<number[]> {
      const rows = await db
        .selectDistinct({ dealerId: referrals.dealerId })
        .from(referrals)
        .where(
          and(
            eq(referrals.status, 'COMPLETE'),
            isNull(referrals.payoutId),
            lt(referrals.completedAt, before),
          ),
        );
      return rows.map((r) => r.dealerId);
    },

    /**
     * Opens the dealership's payout of `period` (one per dealer and month, whichever process gets there first):
     * null when it exists already.
     */
    async insertPayout(tx: Tx, values: { dealerId: number; period: string; now: Date }) {
      const [row] = await tx
        .insert(referralPayouts)
        .values({ ...values, createdAt: values.now, totalCents: 0, referralCount: 0 })
        .onConflictDoNothing()
        .returning({ id: referralPayouts.id });
      return row?.id ?? null;
    },

    /** Puts every payable, unpaid bonus of the dealership before `before` into the payout; returns them. */
    async attachToPayout(tx: Tx, input: { payoutId: number; dealerId: number; before: Date; now: Date }) {
      const rows = await tx
        .update(referrals)
        .set({ payoutId: input.payoutId, paidOutAt: input.now })
        .where(
          and(
            eq(referrals.dealerId, input.dealerId),
            eq(referrals.status, 'COMPLETE'),
            isNull(referrals.payoutId),
            lt(referrals.completedAt, input.before),
          ),
        )
        .returning();
      const totalCents = rows.reduce((sum, r) => sum + r.bonusCents, 0);
      await tx
        .update(referralPayouts)
        .set({ totalCents, referralCount: rows.length })
        .where(eq(referralPayouts.id, input.payoutId));
      return rows;
    },

    /**
     * The names of these customers, in one statement whatever their number (a payout can hold a dealership's
     * backlog of months: one array, not a placeholder per customer).
     */
    async customerNames(conn: Conn, customerIds: number[]): Promise<Map<number, string>> {
      if (customerIds.length === 0) return new Map();
      const rows = await conn
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(sql`${customers.id} = any(${intArray([...new Set(customerIds)])})`);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Where a dealership's payout e-mail goes: its address, else its users who sign in. */
    async dealerPayoutRecipients(dealer: { id: number; email: string | null }): Promise<string[]> {
      if (dealer.email) return [dealer.email];
      const dealerId = dealer.id;
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.dealerId, dealerId), eq(users.loginEnabled, true), eq(users.status, 'active')));
      return rows.map((r) => r.email);
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
