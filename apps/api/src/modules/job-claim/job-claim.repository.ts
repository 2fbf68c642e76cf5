import type { TClaimJobDetails } from '@app/contracts/job-claim.contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { installers, passwordResetTokens, users } from '../../db/schema/identity';
import { requestClaimInvites } from '../../db/schema/referrals';
import { requestOffers, serviceRequests } from '../../db/schema/service-requests';
import { wireDate } from '../service-requests/service-requests.wire.repository';

type DbOrTx = Db | Tx;

/** A claim invite with what the claim rules need of its request. */
export type InviteRow = {
  id: number;
  requestId: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  requestType: string;
  currentState: string;
  assignedInstallerId: number | null;
  deletedAt: Date | null;
};

/** What the dealer's invite needs to know about its request. */
export type InvitableRequest = {
  id: number;
  requestorDealerId: number | null;
  currentState: string;
  assignedInstallerId: number | null;
};

/** Row 104's job details, and what the e-mails also need (never on the claim page before the claim). */
export type JobDetailsRow = {
  details: TClaimJobDetails;
  dealerCompanyName: string | null;
  availableDay: string;
  dueDay: string | null;
};

const inviteColumns = {
  ...pickColumns(requestClaimInvites, 'id', 'requestId', 'email', 'expiresAt', 'usedAt'),
  ...pickColumns(serviceRequests, 'requestType', 'currentState', 'assignedInstallerId', 'deletedAt'),
};

/** The only file of the module that uses Drizzle: claim invites, the prospect's company and user. */
export function createJobClaimRepository() {
  return {
    /** The invite whose token hashes to `tokenHash`; `lock` takes its row lock (FOR UPDATE OF the invite). */
    async findInvite(tx: DbOrTx, tokenHash: string, lock: boolean): Promise<InviteRow | null> {
      const query = tx
        .select(inviteColumns)
        .from(requestClaimInvites)
        .innerJoin(serviceRequests, eq(serviceRequests.id, requestClaimInvites.requestId))
        .where(eq(requestClaimInvites.tokenHash, tokenHash));
      const rows = lock ? await query.for('update', { of: requestClaimInvites }) : await query;
      return rows[0] ?? null;
    },

    async findDealerRequest(tx: DbOrTx, requestId: number): Promise<InvitableRequest | null> {
      const rows = await tx
        .select(
          pickColumns(serviceRequests, 'id', 'requestorDealerId', 'currentState', 'assignedInstallerId'),
        )
        .from(serviceRequests)
        .where(
          and(
            eq(serviceRequests.id, requestId),
            eq(serviceRequests.requestType, 'dealer'),
            isNull(serviceRequests.deletedAt),
          ),
        );
      return rows[0] ?? null;
    },

    /** Row 104's job details, with the days and the dealership's name for the e-mails. */
    async findJobDetails(tx: DbOrTx, requestId: number): Promise<JobDetailsRow | null> {
      const result = await tx.execute(sql`
        select (sr.total_cents - sr.discount_cents)::int as cents,
               sr.service_requested,
               ${wireDate(sql`sr.available_date`)} as available_date,
               ${wireDate(sql`sr.due_date`)} as due_date,
               to_char(sr.available_date at time zone 'UTC', 'YYYY-MM-DD') as available_day,
               to_char(sr.due_date at time zone 'UTC', 'YYYY-MM-DD') as due_day,
               sr.duration_tenths,
               nullif(concat_ws(', ', d.city, d.state), '') as location,
               nullif(concat_ws(' ', coalesce(sr.vehicle_year, v.year)::text, coalesce(sr.vehicle_make, v.make),
                 coalesce(sr.vehicle_model, v.model)), '') as vehicle,
               d.name as dealer_name
        from service_requests sr
        left join dealers d on d.id = sr.requestor_dealer_id
        left join vehicles v on v.id = sr.vehicle_id
        where sr.id = ${requestId}`);
      const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
      if (!row) return null;
      return {
        details: {
          jobTotal: Number(row.cents) / 100,
          serviceRequested: String(row.service_requested ?? ''),
          availableDate: String(row.available_date),
          dueDate: (row.due_date as string | null) ?? null,
          location: (row.location as string | null) ?? null,
          vehicle: (row.vehicle as string | null) ?? null,
          durationDays: Number(row.duration_tenths) / 10,
          dealerName: null,
        },
        dealerCompanyName: (row.dealer_name as string | null) ?? null,
        availableDay: String(row.available_day),
        dueDay: (row.due_day as string | null) ?? null,
      };
    },

    /** Whether someone can already sign in with this address (the unique index's rule: lower(email)). */
    async isEmailTaken(tx: DbOrTx, email: string): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.loginEnabled, true)))
        .limit(1);
      return rows.length > 0;
    },

    async insertInvite(
      tx: DbOrTx,
      row: { requestId: number; email: string; tokenHash: string; createdByUserId: number; expiresAt: Date },
    ): Promise<number> {
      const rows = await tx.insert(requestClaimInvites).values(row).returning({ id: requestClaimInvites.id });
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('claim invite was not inserted');
      return id;
    },

    async markInviteUsed(tx: DbOrTx, inviteId: number, usedAt: Date, installerId: number): Promise<void> {
      await tx
        .update(requestClaimInvites)
        .set({ usedAt, claimedInstallerId: installerId })
        .where(eq(requestClaimInvites.id, inviteId));
    },

    /** A trial specialist company like installer3's Clearview Tint: trial, payment setup incomplete. */
    async insertTrialInstaller(
      tx: DbOrTx,
      company: { name: string; email: string; phone: string },
    ): Promise<number> {
      const rows = await tx
        .insert(installers)
        .values({ ...company, isTrial: true, onboardingComplete: false, trialJobsCompleted: 0 })
        .returning({ id: installers.id });
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('installer was not inserted');
      return id;
    },

    async insertAdminUser(
      tx: DbOrTx,
      user: { installerId: number; email: string; name: string; phone: string; passwordHash: string },
    ): Promise<number> {
      const rows = await tx
        .insert(users)
        .values({ ...user, userType: 'installer', access: 'ADMIN' })
        .returning({ id: users.id });
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('user was not inserted');
      return id;
    },

    /** The new company's offer on the request (offered), so the lifecycle's claim sees a matched installer. */
    async insertOffer(tx: DbOrTx, requestId: number, installerId: number, startDate: Date): Promise<void> {
      await tx.insert(requestOffers).values({ requestId, installerId, currentStatus: 'offered', startDate });
    },

    /** A set-password link: a password-reset token (the auth module's table and rule: hashed, single use). */
    async insertPasswordSetToken(
      tx: DbOrTx,
      row: { tokenHash: string; userId: number; expiresAt: Date },
    ): Promise<void> {
      await tx.insert(passwordResetTokens).values(row);
    },
  };
}

export type JobClaimRepository = ReturnType<typeof createJobClaimRepository>;
