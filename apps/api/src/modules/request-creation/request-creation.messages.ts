import { AppError } from '@app/contracts/errors.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { RequestCreationContext } from './request-creation.context';

/** Messages around a request, queued in the outbox: the new-request e-mails, an SMS, the marketing e-mail. */
export function createRequestMessages(deps: RequestCreationContext) {
  const { db, repository, queueRequestEmails } = deps;

  return {
    /** GET /sendemailreq/{requestId}: the new-request e-mail to each offered specialist (and a team contact). */
    async sendRequestEmail(auth: AuthContext, requestId: number, contactId?: number) {
      if (auth.userType !== 'dealer') throw new AppError('FORBIDDEN', 'Only dealers send request e-mails');
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, requestId);
        const request = locked?.request;
        if (!request || request.deletedAt || request.requestorDealerId !== auth.companyId) {
          throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
        }
        return queueRequestEmails(tx, auth, request, contactId);
      });
    },

    /** POST /messages/push (row 28): an SMS to a company or customer the caller works with. */
    async pushMessage(
      auth: AuthContext,
      body: {
        userType: 'dealer' | 'installer' | 'customer';
        id: number;
        text: string;
        messageType: string;
        requestId?: number | null;
      },
    ) {
      const requestId = body.requestId ?? null;
      let phone: string | null = null;
      let allowed = false;
      if (body.userType === 'installer') {
        const installer = await repository.findInstaller(db, body.id);
        phone = installer?.phone ?? null;
        allowed =
          auth.userType === 'installer'
            ? body.id === auth.companyId
            : await repository.sharesRequest(db, auth.companyId, body.id, requestId);
      } else if (body.userType === 'dealer') {
        const dealer = await repository.findDealer(db, body.id);
        phone = dealer?.phone ?? null;
        allowed =
          auth.userType === 'dealer'
            ? body.id === auth.companyId
            : (await repository.isInstallerDealer(db, auth.companyId, body.id)) ||
              (await repository.sharesRequest(db, body.id, auth.companyId, requestId));
      } else {
        const customer = await repository.findCustomer(db, body.id);
        phone = customer?.phone ?? null;
        allowed =
          auth.userType === 'installer'
            ? await repository.installerServesCustomer(db, auth.companyId, body.id)
            : customer?.dealerId === auth.companyId;
      }
      if (!allowed) throw new AppError('NOT_FOUND', `No ${body.userType} ${body.id} among your contacts`);
      if (!phone)
        return {
          success: false,
          queued: 0,
          recipients: [],
          message: `No phone number for ${body.userType} ${body.id}`,
        };
      await enqueueOutbox(db, {
        channel: 'sms',
        kind: `push-${body.messageType}`.slice(0, 60),
        payload: { to: phone, text: body.text },
        requestId,
      });
      return { success: true, queued: 1, recipients: [phone] };
    },

    /** POST /mailchimp/ (row 101): the vehicle-protection marketing e-mail to a customer. */
    async sendMarketingEmail(
      auth: AuthContext,
      body: {
        customerId?: number | null;
        dealer?: string | number | null;
        year?: number | null;
        make: string | null;
        model: string | null;
        firstName: string | null;
        email: string;
        id?: number | string | null;
      },
    ) {
      // A referral's customer e-mail (with its benefits link) is queued by the server with the sale
      // (docs/decisions/010-referral-programme.md): asking again for it sends nothing twice.
      const referralId = Number(body.id);
      if (auth.userType === 'dealer' && Number.isInteger(referralId) && referralId > 0) {
        const referral = await repository.findDealerReferral(db, auth.companyId, referralId);
        if (referral) {
          return {
            success: true,
            queued: 0,
            recipients: [],
            message: `The customer e-mail of referral ${referral.id} was queued with the sale (status ${referral.status})`,
          };
        }
      }
      if (body.customerId != null) {
        const customer = await repository.findCustomer(db, body.customerId);
        const isMine =
          customer &&
          (auth.userType === 'dealer'
            ? customer.dealerId === auth.companyId
            : customer.owningInstallerId === auth.companyId);
        if (!isMine) throw new AppError('NOT_FOUND', `Customer ${body.customerId} not found`);
      }
      const dealerName =
        auth.userType === 'dealer'
          ? ((await repository.findDealer(db, auth.companyId))?.name ?? String(body.dealer ?? ''))
          : String(body.dealer ?? '');
      const vehicle = [body.year, body.make, body.model].filter(Boolean).join(' ') || 'vehicle';
      await enqueueOutbox(db, {
        channel: 'email',
        kind: 'mailchimp-vehicle-protection',
        payload: {
          to: body.email,
          subject: `Protect your new ${vehicle}`,
          text: [
            `Hi ${body.firstName ?? 'there'},`,
            '',
            `Congratulations on your ${vehicle}${dealerName ? ` from ${dealerName}` : ''}!`,
            'Paint protection film, ceramic coating and window tint keep it looking new. A local specialist can contact you with options.',
          ].join('\n'),
        },
        dedupeKey: `mailchimp:${body.customerId ?? body.email}:${vehicle}`.slice(0, 200),
      });
      return { success: true, queued: 1, recipients: [body.email] };
    },
  };
}
