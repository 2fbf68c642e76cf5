import { AppError } from '@app/contracts/errors.contract';
import {
  referralMessages as messages,
  type TBenefits,
  type TClaimReferralReply,
  type TReferral,
  type TReferralSummary,
} from '@app/contracts/referrals.contract';
import { rankLeadCandidates } from '@app/domain/referrals/lead-routing';
import {
  countReferralFunnel,
  isReferralExpired,
  isReferralStatus,
  type ReferralStatus,
  referralExpirationDate,
  referralStatusRank,
} from '@app/domain/referrals/referral-status';
import { findReferralStatusForState, isRequestState } from '@app/domain/service-requests/request-status';
import type { AddressPort } from '../../adapters/address/address-port';
import type { VinDecoderPort } from '../../adapters/vin-decoder/vin-decoder-port';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { createResetToken, hashToken } from '../../platform/security/tokens';
import type { PublicRateLimiter } from '../../platform/security/window-throttle';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { claimantOf } from './referrals.claimant';
import { benefitsServices, claimCopyEmail, customerEmail, leadOfferEmail } from './referrals.messages';
import { createReferralPayouts } from './referrals.payouts';
import type { ReferralPage, ReferralsRepository, ReferralView } from './referrals.repository';
import { applyReferralEvent, lockReferral, type ReferralRow } from './referrals.transitions';
import {
  capitaliseName,
  dollars,
  firstName,
  iso,
  monthStartUtc,
  shortName,
  toReferralWire,
  vehicleText,
} from './referrals.wire';

/** Public calls per IP and 15 minutes (issue 11: public calls are rate-limited). */
const WINDOW_MS = 15 * 60_000;
const limits = {
  link: { kind: 'referral-link', perWindow: 60, windowMs: WINDOW_MS },
  claim: { kind: 'referral-claim', perWindow: 10, windowMs: WINDOW_MS },
  submit: { kind: 'referral-submit', perWindow: 10, windowMs: WINDOW_MS },
} as const;

type Deps = {
  db: Db;
  repository: ReferralsRepository;
  address: AddressPort;
  vinDecoder: Pick<VinDecoderPort, 'decode'>;
  limiter: PublicRateLimiter;
  publicUrl: string;
  clock?: () => Date;
};

export function createReferralsService({
  db,
  repository,
  address,
  vinDecoder,
  limiter,
  publicUrl,
  clock = () => new Date(),
}: Deps) {
  const payouts = createReferralPayouts({ db, repository, clock });
  async function areaOf(zip: string | null): Promise<string | null> {
    if (!zip) return null;
    const place = await address.completeZip(zip).catch(() => null);
    return place ? `${place.city}, ${place.state}` : null;
  }

  async function referralWire(view: ReferralView, seeContact: boolean, now: Date): Promise<TReferral> {
    return toReferralWire(view, { seeContact, now, area: await areaOf(view.row.zipCode) });
  }

  async function decodeVehicle(vin: string) {
    const known = await repository.findVehicleByVin(vin);
    if (known) return { vehicleId: known.id, year: known.year, make: known.make, model: known.model };
    const decoded = await vinDecoder.decode(vin).catch(() => null);
    return {
      vehicleId: null,
      year: decoded?.modelYear ?? null,
      make: decoded?.isDecoded ? decoded.make : null,
      model: decoded?.isDecoded ? decoded.model : null,
    };
  }

  /** NEW: the sale, its customer and the queued customer e-mail, in one transaction. */
  async function recordSale(input: {
    dealerId: number;
    userId: number | null;
    referringEmail: string | null;
    customerId?: number;
    customer?: { name: string; email: string };
    vin: string;
    actor: 'dealer' | 'public';
  }) {
    const now = clock();
    const dealer = await repository.findDealer(input.dealerId);
    if (!dealer) throw new AppError('NOT_FOUND', `Dealership ${input.dealerId} not found`);
    let existing: { id: number; name: string; email: string | null } | null = null;
    if (input.customerId !== undefined) {
      existing = await repository.findDealerCustomer(input.dealerId, input.customerId);
      if (!existing)
        throw new AppError('NOT_FOUND', `Customer ${input.customerId} is not one of your customers`);
      if (!existing.email) {
        throw new AppError('VALIDATION_FAILED', 'This customer has no e-mail address to send the offer to');
      }
    }
    const vehicle = await decodeVehicle(input.vin);
    const benefits = createResetToken();
    return db.transaction(async (tx) => {
      const customer =
        existing ??
        (await repository.insertCustomer(tx, {
          dealerId: input.dealerId,
          name: capitaliseName(input.customer?.name ?? ''),
          email: input.customer?.email ?? '',
        }));
      const referral = await repository.insertReferral(tx, {
        dealerId: input.dealerId,
        userId: input.userId,
        referringEmail: input.referringEmail,
        customerId: customer.id,
        vehicleId: vehicle.vehicleId,
        vin: input.vin,
        vehicleYear: vehicle.year,
        vehicleMake: vehicle.make,
        vehicleModel: vehicle.model,
        status: 'NEW',
        dateAdded: now,
        expirationDate: referralExpirationDate(now),
        specialistAction: 'available',
        benefitsTokenHash: benefits.hash,
        zipCode: dealer.zip,
        createdAt: now,
        updatedAt: now,
      });
      await repository.insertHistory(tx, {
        referralId: referral.id,
        status: 'NEW',
        changedAt: now,
        actor: input.actor,
        changedByUserId: input.userId,
      });
      await queueCustomerEmail(tx, referral, {
        to: customer.email ?? '',
        name: customer.name,
        dealerName: dealer.name,
        token: benefits.token,
      });
      return { referral, customerId: customer.id };
    });
  }

  async function queueCustomerEmail(
    tx: Tx,
    referral: ReferralRow,
    input: { to: string; name: string; dealerName: string; token: string },
  ) {
    const link = `${publicUrl}/public/benefits?referral=${referral.id}&token=${encodeURIComponent(input.token)}`;
    // The handler of this kind records CONTACT for `referralId` once the e-mail is sent (referrals.module.ts).
    const payload = {
      ...customerEmail({
        to: input.to,
        firstName: firstName(input.name),
        dealerName: input.dealerName,
        vehicle: vehicleText(referral),
        link,
      }),
      referralId: referral.id,
    };
    await enqueueOutbox(tx, {
      channel: 'email',
      kind: 'referral-customer',
      payload,
      dedupeKey: `referral-customer:${referral.id}:${referral.benefitsTokenHash ?? ''}`,
    });
  }

  function assertSelf(auth: AuthContext, id: number, what: 'user' | 'company') {
    const own = what === 'user' ? auth.userId : auth.companyId;
    if (id !== own) throw new AppError('FORBIDDEN', `Referrals of ${what} ${id} are not yours to read`);
  }

  /** A claim link's offer: forged or unknown → 404, expired → 404 with its own message, claimed → 409. */
  async function openClaimLink(referralId: number, token: string) {
    const offer = await repository.findOfferByToken(referralId, hashToken(token));
    const view = offer ? await repository.findView(referralId) : null;
    if (!offer || !view) throw new AppError('NOT_FOUND', messages.invalidLink);
    const status = isReferralStatus(view.row.status) ? view.row.status : 'NEW';
    if (referralStatusRank(status) >= referralStatusRank('CLAIMED')) {
      throw new AppError('CONFLICT', messages.alreadyClaimed);
    }
    if (isReferralExpired({ status, expirationDate: view.row.expirationDate }, clock())) {
      throw new AppError('NOT_FOUND', messages.expired, { details: { reason: 'expired' } });
    }
    return { offer, view };
  }

  async function openBenefits(referralId: number, token: string) {
    const row = await repository.findByBenefitsToken(referralId, hashToken(token));
    if (!row) throw new AppError('NOT_FOUND', messages.invalidLink);
    return row;
  }

  return {
    async listForDealer(auth: AuthContext, userId: number, page: ReferralPage): Promise<TReferral[]> {
      assertSelf(auth, userId, 'user');
      const now = clock();
      const views = await repository.listForDealer(auth.companyId, page);
      return Promise.all(views.map((v) => referralWire(v, true, now)));
    },

    async listForInstaller(auth: AuthContext, typeId: number, page: ReferralPage): Promise<TReferral[]> {
      assertSelf(auth, typeId, 'company');
      const now = clock();
      const views = await repository.listForInstaller(auth.companyId, now, page);
      return Promise.all(
        views.map((v) => referralWire(v, v.row.claimedByInstallerId === auth.companyId, now)),
      );
    },

    async summary(auth: AuthContext, dealerId: number): Promise<TReferralSummary> {
      assertSelf(auth, dealerId, 'company');
      const figures = await repository.summarize(dealerId, monthStartUtc(clock()));
      return {
        funnel: countReferralFunnel(
          figures.byStatus.flatMap(({ status, count }) =>
            isReferralStatus(status) ? [{ status, count }] : [],
          ),
        ),
        bonus_this_month: dollars(figures.thisMonthCents),
        bonus_total: dollars(figures.totalCents),
        bonus_pending_payout: dollars(figures.pendingCents),
      };
    },

    async create(
      auth: AuthContext,
      body: {
        userId?: number;
        dealerId?: number;
        customerId?: number;
        customerName?: string;
        customerEmailAddress?: string;
        vin: string;
        refferingEmail?: string;
      },
    ) {
      if (body.dealerId !== undefined && body.dealerId !== auth.companyId) {
        throw new AppError('FORBIDDEN', `You cannot add referrals for dealership ${body.dealerId}`);
      }
      if (body.userId !== undefined && body.userId !== auth.userId) {
        throw new AppError('FORBIDDEN', 'A referral is recorded by the user who sends it');
      }
      if (auth.access === 'DIRECT') throw new AppError('FORBIDDEN', 'Your account has no referrals');
      const { referral, customerId } = await recordSale({
        dealerId: auth.companyId,
        userId: auth.userId,
        referringEmail: auth.email,
        ...(body.customerId !== undefined
          ? { customerId: body.customerId }
          : { customer: { name: body.customerName ?? '', email: body.customerEmailAddress ?? '' } }),
        vin: body.vin,
        actor: 'dealer',
      });
      return {
        referralId: referral.id,
        referral_id: referral.id,
        insertId: referral.id,
        customerId,
        status: 'NEW' as const,
      };
    },

    async createPublic(
      ip: string,
      body: { referring_email: string; customer_name: string; customer_email: string; vin: string },
    ) {
      await limiter.take(ip, limits.submit);
      const referrer = await repository.findReferringDealerUser(body.referring_email);
      if (!referrer?.dealerId || referrer.access === 'DIRECT') {
        throw new AppError('NOT_FOUND', messages.unknownReferrer);
      }
      const { referral } = await recordSale({
        dealerId: referrer.dealerId,
        userId: referrer.id,
        referringEmail: body.referring_email,
        customer: { name: body.customer_name, email: body.customer_email },
        vin: body.vin,
        actor: 'public',
      });
      return { success: true as const, referralId: referral.id, status: 'NEW' as const, error: null };
    },

    /** The outbox sent a customer e-mail: NEW → CONTACT (a repeat changes nothing). */
    async markContacted(referralId: number) {
      await db.transaction(async (tx) => {
        const row = await lockReferral(tx, referralId);
        if (row)
          await applyReferralEvent(tx, row, { type: 'contactSent' }, { actor: 'system', now: clock() });
      });
    },

    async benefits(ip: string, query: { referral: number; token: string }): Promise<TBenefits> {
      await limiter.take(ip, limits.link);
      const found = await openBenefits(query.referral, query.token);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const locked = await lockReferral(tx, found.id);
        if (!locked) throw new AppError('NOT_FOUND', messages.invalidLink);
        return (await applyReferralEvent(tx, locked, { type: 'pageViewed' }, { actor: 'customer', now }))
          .referral;
      });
      const view = await repository.findView(row.id);
      const status = isReferralStatus(row.status) ? row.status : 'NEW';
      return {
        referral_id: row.id,
        customer_first_name: firstName(view?.customer?.name ?? 'there'),
        dealer_name: view?.dealerName ?? '',
        vehicle_info: vehicleText(row),
        vin: row.vin,
        status,
        interested: referralStatusRank(status) >= referralStatusRank('OFFERED'),
        expired: isReferralExpired({ status, expirationDate: row.expirationDate }, now),
        zip_code: row.zipCode,
        requested_service: row.requestedService,
        services: benefitsServices.map((s) => ({ ...s })),
      };
    },

    /** "I'm interested": OFFERED, and the lead offered to local specialists, nearest first, each e-mailed. */
    async registerInterest(
      ip: string,
      body: { referral: number; token: string; services: string[]; zip: string; phone: string | null },
    ) {
      await limiter.take(ip, limits.link);
      const found = await openBenefits(body.referral, body.token);
      const chosen = benefitsServices.filter(
        (s) => body.services.includes(s.key) || body.services.includes(s.name),
      );
      if (chosen.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Choose at least one service', {
          details: [{ path: 'services', message: 'Choose at least one service' }],
        });
      }
      const place = await address.completeZip(body.zip);
      const zip = body.zip.slice(0, 5);
      const ranked = rankLeadCandidates(
        { zip, state: place?.state ?? null },
        await Promise.all(
          (await repository.listCandidateInstallers()).map(async (c) => ({
            ...c,
            state: (await address.completeZip(c.zip))?.state ?? null,
          })),
        ),
      );
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await lockReferral(tx, found.id);
        if (!row) throw new AppError('NOT_FOUND', messages.invalidLink);
        const offeredAlready =
          isReferralStatus(row.status) && referralStatusRank(row.status) >= referralStatusRank('OFFERED');
        const { decision, referral } = await applyReferralEvent(
          tx,
          row,
          { type: 'interested' },
          {
            actor: 'customer',
            now,
            ...(offeredAlready
              ? {}
              : { set: { zipCode: zip, requestedService: chosen.map((s) => s.name).join(', ') } }),
          },
        );
        if (!decision.ok)
          throw new AppError('NOT_FOUND', messages.expired, { details: { reason: 'expired' } });
        if (decision.to === null) {
          return {
            success: true as const,
            status: referral.status as ReferralStatus,
            offered_to: await repository.countOffers(tx, row.id),
          };
        }
        if (body.phone && row.customerId)
          await repository.updateCustomerPhone(tx, row.customerId, body.phone);
        const tokens = ranked.map((c) => ({ candidate: c, token: createResetToken() }));
        await repository.insertOffers(
          tx,
          row.id,
          tokens.map((t) => ({
            installerId: t.candidate.id,
            tokenHash: t.token.hash,
            distanceScore: t.candidate.distanceScore,
          })),
          now,
        );
        const area = place ? `${place.city}, ${place.state}` : null;
        for (const { candidate, token } of tokens) {
          if (!candidate.email) continue;
          await enqueueOutbox(tx, {
            channel: 'email',
            kind: 'referral-offer',
            payload: leadOfferEmail({
              to: candidate.email,
              installerName: candidate.name,
              service: referral.requestedService,
              area,
              vehicle: vehicleText(referral),
              link: `${publicUrl}/referralclaim?referral=${row.id}&token=${encodeURIComponent(token.token)}`,
              expires: referral.expirationDate,
            }),
            dedupeKey: `referral-offer:${row.id}:${candidate.id}`,
          });
        }
        return { success: true as const, status: 'OFFERED' as const, offered_to: tokens.length };
      });
    },

    async preview(ip: string, query: { referral: number; token: string }) {
      await limiter.take(ip, limits.link);
      const { view } = await openClaimLink(query.referral, query.token);
      return {
        success: true as const,
        referral_preview: {
          customer_name: shortName(view.customer?.name ?? 'Customer'),
          service_type: view.row.requestedService,
          location_area: await areaOf(view.row.zipCode),
          vehicle_info: vehicleText(view.row),
          expiration_date: iso(view.row.expirationDate),
        },
      };
    },

    /**
     * Row 100: exactly one specialist wins a lead. The referral row is locked, so of simultaneous claims one
     * finds it OFFERED and the others find it CLAIMED (409). The claimant gets the customer and a copy by e-mail.
     */
    async claim(
      auth: AuthContext | null,
      ip: string,
      body: { referral_id: number; claim_token?: string } & Record<string, unknown>,
    ): Promise<TClaimReferralReply> {
      if (auth === null || body.claim_token !== undefined) await limiter.take(ip, limits.claim);
      if (auth && auth.userType === 'dealer' && body.claim_token === undefined) {
        throw new AppError('FORBIDDEN', 'Only specialists claim referrals');
      }
      const claimant = await claimantOf(repository, auth, body);
      const installerId =
        claimant.installerId ??
        (await openClaimLink(body.referral_id, body.claim_token ?? '')).offer.installerId;
      if (claimant.installerId !== null && !(await repository.findOffer(body.referral_id, installerId))) {
        throw new AppError('NOT_FOUND', `Referral ${body.referral_id} is not offered to you`);
      }
      const now = clock();
      const claimed = await db.transaction(async (tx) => {
        const row = await lockReferral(tx, body.referral_id);
        if (!row) throw new AppError('NOT_FOUND', messages.invalidLink);
        const { decision, referral } = await applyReferralEvent(
          tx,
          row,
          { type: 'claimed' },
          {
            actor: claimant.actor,
            userId: claimant.userId,
            now,
            set: {
              claimedByInstallerId: installerId,
              claimedAt: now,
              specialistAction: 'owned',
              claimedSpecialistName: claimant.name,
              claimedSpecialistPhone: claimant.phone,
              claimedSpecialistEmail: claimant.email,
              claimedSpecialistBusiness: claimant.business,
            },
          },
        );
        if (!decision.ok) {
          if (decision.reason === 'alreadyClaimed') throw new AppError('CONFLICT', messages.alreadyClaimed);
          if (decision.reason === 'expired') {
            throw new AppError('NOT_FOUND', messages.expired, { details: { reason: 'expired' } });
          }
          throw new AppError('NOT_FOUND', messages.invalidLink);
        }
        if (referral.customerId) await repository.adoptCustomer(tx, referral.customerId, installerId);
        const view = await repository.findView(referral.id, tx);
        const customer = view?.customer ?? { name: 'Customer', email: null, phone: null };
        const details = {
          name: customer.name,
          phone: customer.phone,
          email: customer.email,
          service_requested: referral.requestedService,
          location: await areaOf(referral.zipCode),
          vehicle: vehicleText(referral),
        };
        if (claimant.email) {
          await enqueueOutbox(tx, {
            channel: 'email',
            kind: 'referral-claimed',
            payload: claimCopyEmail({
              to: claimant.email,
              specialistName: claimant.name,
              customer,
              service: details.service_requested,
              location: details.location,
              vehicle: details.vehicle,
            }),
            dedupeKey: `referral-claimed:${referral.id}`,
          });
        }
        return details;
      });
      return {
        success: true,
        message: messages.claimed,
        referral_id: body.referral_id,
        customer_details: claimed,
        email_sent_to: claimant.email,
      };
    },

    /**
     * Row 99: the wizard names the estimate it made from a claimed referral (ESTIMATE_CREATED, or BOOKED); a
     * call for a referral already linked brings it in step with its request. The status is the server's.
     */
    async update(auth: AuthContext, body: { referralId?: number; referral_id?: number; requestId?: number }) {
      const referralId = body.referralId ?? body.referral_id ?? 0;
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await lockReferral(tx, referralId);
        if (!row || row.claimedByInstallerId !== auth.companyId) {
          throw new AppError('NOT_FOUND', `Referral ${referralId} is not one of your leads`);
        }
        const requestId = row.requestId ?? body.requestId;
        if (requestId === undefined) return;
        if (row.requestId !== null && body.requestId !== undefined && body.requestId !== row.requestId) {
          throw new AppError('CONFLICT', `Referral ${referralId} already became request ${row.requestId}`);
        }
        const request = await repository.findInstallerRequest(tx, auth.companyId, requestId);
        if (!request) throw new AppError('NOT_FOUND', `Request ${requestId} is not yours`);
        const actor = { actor: 'installer' as const, userId: auth.userId, now };
        let current = row;
        if (row.requestId === null) {
          current = (
            await applyReferralEvent(
              tx,
              row,
              { type: 'converted', booked: request.currentState === 'scheduled' },
              { ...actor, set: { requestId } },
            )
          ).referral;
        }
        const follow = isRequestState(request.currentState)
          ? findReferralStatusForState(request.currentState)
          : null;
        if (follow) await applyReferralEvent(tx, current, { type: 'requestMoved', status: follow }, actor);
      });
      const view = await repository.findView(referralId);
      if (!view) throw new AppError('NOT_FOUND', `Referral ${referralId} not found`);
      return referralWire(view, true, now);
    },

    /** The monthly payout (decision 010; referrals.payouts.ts). */
    runMonthlyPayouts: payouts.runMonthlyPayouts,
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
