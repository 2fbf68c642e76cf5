import { randomBytes } from 'node:crypto';
import { AppError } from '@app/contracts/errors.contract';
import {
  jobClaimMessages as m,
  type TClaimInviteReply,
  type TProspectData,
} from '@app/contracts/job-claim.contract';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { clampStartDate, computeStartDateBounds } from '@app/domain/scheduling/start-date-picker';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { hashPassword } from '../../platform/security/password';
import { createResetToken, hashToken } from '../../platform/security/tokens';
import type { PublicRateLimiter } from '../../platform/security/window-throttle';
import type { LifecycleService } from '../lifecycle/lifecycle.service';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { InviteRow, JobClaimRepository, JobDetailsRow } from './job-claim.repository';

/** A claim link works for 7 days (decision 011); the set-password link of the welcome e-mail as long. */
export const CLAIM_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_SET_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const WINDOW_MS = 15 * 60 * 1000;
/** Per IP and 15 minutes: opening claim links, and registering through them. */
export const CLAIM_RATE_LIMITS = {
  validate: { kind: 'claim-link', perWindow: 60, windowMs: WINDOW_MS },
  process: { kind: 'claim-process', perWindow: 10, windowMs: WINDOW_MS },
} as const;

export type JobClaimServiceDeps = {
  db: Db;
  repository: JobClaimRepository;
  lifecycle: Pick<LifecycleService, 'performInTx'>;
  limiter: PublicRateLimiter;
  config: Pick<Config, 'publicUrl'>;
  clock?: () => Date;
};

const invalidLink = () => new AppError('NOT_FOUND', m.invalidLink);

function isClaimed(invite: InviteRow): boolean {
  return invite.usedAt !== null || invite.assignedInstallerId !== null || invite.currentState !== 'new';
}

function describeJob({ details: job, availableDay, dueDay }: JobDetailsRow): string[] {
  return [
    `Service: ${job.serviceRequested}`,
    ...(job.vehicle ? [`Vehicle: ${job.vehicle}`] : []),
    ...(job.location ? [`Location: ${job.location}`] : []),
    `Fixed rate: $${job.jobTotal.toFixed(2)}`,
    `Available from ${availableDay}${dueDay ? `, needed by ${dueDay}` : ''}`,
  ];
}

export function createJobClaimService({
  db,
  repository,
  lifecycle,
  limiter,
  config,
  clock = () => new Date(),
}: JobClaimServiceDeps) {
  /** The invite of a link, or the link's documented refusal (404 invalid, 404/409 already claimed). */
  function checkInvite(invite: InviteRow | null, requestId: number, claimedCode: 'NOT_FOUND' | 'CONFLICT') {
    if (!invite || invite.requestId !== requestId || invite.deletedAt !== null) throw invalidLink();
    if (invite.requestType !== 'dealer') throw invalidLink();
    if (isClaimed(invite)) throw new AppError(claimedCode, m.claimed, { details: { claimed: true } });
    if (invite.expiresAt.getTime() <= clock().getTime()) throw invalidLink();
    return invite;
  }

  async function loadJob(tx: Db | Tx, requestId: number): Promise<JobDetailsRow> {
    const job = await repository.findJobDetails(tx, requestId);
    if (!job) throw invalidLink();
    return job;
  }

  return {
    /** Row 104: what the link offers. */
    async validateLink(ip: string, query: { request: number; token: string }) {
      await limiter.take(ip, CLAIM_RATE_LIMITS.validate);
      const invite = await repository.findInvite(db, hashToken(query.token), false);
      checkInvite(invite, query.request, 'NOT_FOUND');
      const { details } = await loadJob(db, query.request);
      return { error: false as const, message: 'Claim link is valid.', jobDetails: details };
    },

    /**
     * Row 105, in one transaction: the invite's row lock serialises every submit of one link (the first
     * commits, the others then read it used: 409); a trial specialist company and its ADMIN user; its offer,
     * then the lifecycle's own claim (state, offer, calendar, schedule, history, the dealer's booking e-mail);
     * the invite used; the welcome e-mail with a set-password link (never the password).
     */
    async processClaim(ip: string, body: { requestId: number; token: string; prospectData: TProspectData }) {
      await limiter.take(ip, CLAIM_RATE_LIMITS.process);
      const tokenHash = hashToken(body.token);
      const { prospectData: p } = body;
      // Cheap refusals before the slow password hash; all of them are checked again under the lock.
      checkInvite(await repository.findInvite(db, tokenHash, false), body.requestId, 'CONFLICT');
      if (await repository.isEmailTaken(db, p.email)) throw new AppError('CONFLICT', m.emailTaken);
      const passwordHash = await hashPassword(p.password);
      const setPassword = createResetToken();

      await db.transaction(async (tx) => {
        const invite = checkInvite(
          await repository.findInvite(tx, tokenHash, true),
          body.requestId,
          'CONFLICT',
        );
        // Two links of one e-mail submitted at once: the second waits here, then sees the first's user.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claim-email:${p.email}`}))`);
        if (await repository.isEmailTaken(tx, p.email)) throw new AppError('CONFLICT', m.emailTaken);
        const job = await loadJob(tx, invite.requestId);
        const now = clock();
        const name = `${p.firstName} ${p.lastName}`;
        const installerId = await repository.insertTrialInstaller(tx, {
          name: p.businessName,
          email: p.email,
          phone: p.phone,
        });
        const userId = await repository.insertAdminUser(tx, {
          installerId,
          email: p.email,
          name,
          phone: p.phone,
          passwordHash,
        });
        const today = toIsoDate(now);
        // The requested day, or the first day the lifecycle's picker allows (today at the earliest).
        const startDate = clampStartDate(
          job.availableDay,
          computeStartDateBounds({
            requestType: 'dealer',
            today,
            dueDate: job.dueDay,
            durationDays: job.details.durationDays,
          }),
        );
        await repository.insertOffer(tx, invite.requestId, installerId, now);
        const auth: AuthContext = {
          userId,
          email: p.email,
          userName: name,
          userType: 'installer',
          groups: ['Installer'],
          companyId: installerId,
          access: 'ADMIN',
        };
        await lifecycle.performInTx(tx, auth, invite.requestId, 'claim', { startDate });
        await repository.markInviteUsed(tx, invite.id, now, installerId);
        await repository.insertPasswordSetToken(tx, {
          tokenHash: setPassword.hash,
          userId,
          expiresAt: new Date(now.getTime() + PASSWORD_SET_TTL_MS),
        });
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(setPassword.token)}`;
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'job-claim-welcome',
          requestId: invite.requestId,
          dedupeKey: `job-claim-welcome:${invite.id}`,
          payload: {
            to: p.email,
            subject: 'Your job is booked: your account details',
            text: [
              `Hello ${p.firstName},`,
              '',
              `You claimed this job for ${p.businessName}; it is booked to start on ${startDate}.`,
              ...describeJob(job),
              ...(job.dealerCompanyName ? [`Dealership: ${job.dealerCompanyName}`] : []),
              '',
              `Sign in at ${config.publicUrl}/login with this e-mail address (${p.email}).`,
              'Set your password with this link (it works once and expires in 7 days):',
              link,
              '',
              'Your account is a trial account: finish the payment setup after signing in to be paid.',
            ].join('\n'),
          },
        });
      });
      return { error: false as const, message: m.claimedSuccess, requestId: body.requestId };
    },

    /** The dealer names a specialist without an account for one of its open requests. */
    async invite(auth: AuthContext, body: { requestId: number; email: string }): Promise<TClaimInviteReply> {
      const token = randomBytes(32).toString('base64url');
      const claimLink = `${config.publicUrl}/claim?request=${body.requestId}&token=${token}`;
      const expiresAt = new Date(clock().getTime() + CLAIM_INVITE_TTL_MS);
      const inviteId = await db.transaction(async (tx) => {
        const request = await repository.findDealerRequest(tx, body.requestId);
        if (!request || request.requestorDealerId !== auth.companyId) {
          throw new AppError('NOT_FOUND', `Request ${body.requestId} does not exist`);
        }
        if (request.currentState !== 'new' || request.assignedInstallerId !== null) {
          throw new AppError('CONFLICT', m.jobNotOpen);
        }
        if (await repository.isEmailTaken(tx, body.email)) throw new AppError('CONFLICT', m.inviteEmailTaken);
        const job = await loadJob(tx, body.requestId);
        const id = await repository.insertInvite(tx, {
          requestId: body.requestId,
          email: body.email,
          tokenHash: hashToken(token),
          createdByUserId: auth.userId,
          expiresAt,
        });
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'job-claim-invite',
          requestId: body.requestId,
          dedupeKey: `job-claim-invite:${id}`,
          payload: {
            to: body.email,
            subject: "You've been selected for a job",
            text: [
              'Hello,',
              '',
              `A dealership${job.details.location ? ` in ${job.details.location}` : ''} would like you to do this job:`,
              ...describeJob(job),
              '',
              'Claim it and create your free specialist account here:',
              claimLink,
              '',
              'The link works once and expires in 7 days. If you do not want the job, ignore this e-mail.',
            ].join('\n'),
          },
        });
        return id;
      });
      return { success: true, inviteId, email: body.email, expiresAt: expiresAt.toISOString(), claimLink };
    },
  };
}

export type JobClaimService = ReturnType<typeof createJobClaimService>;
