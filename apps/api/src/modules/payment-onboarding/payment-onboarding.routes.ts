import { paymentOnboardingCalls as calls } from '@app/contracts/payment-onboarding.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type {
  AccountUpdatedEvent,
  LocalConnectOnboarding,
} from '../../adapters/payments/local-connect-onboarding';
import { registerCall } from '../../plugins/register-call';
import { registerTokenPage, sendTokenPageHtml } from '../hosted-pay/hosted-pay.routes';
import {
  type OnboardingFormValues,
  renderOnboardingMessage,
  renderOnboardingPage,
  validateOnboardingForm,
} from './payment-onboarding.page';
import type { PaymentOnboardingService } from './payment-onboarding.service';

/** Rows 155 and 156, inside /api. */
export function registerPaymentOnboardingRoutes(
  api: FastifyInstance,
  { service }: { service: PaymentOnboardingService },
) {
  registerCall(api, calls.createExpressAccount, ({ auth, body }) =>
    service.createExpressAccount(auth, body.installerId),
  );
  registerCall(api, calls.continueOnboarding, ({ auth, body }) =>
    service.continueOnboarding(auth, body.installerId),
  );
}

const FIELDS = [
  'businessType',
  'legalName',
  'taxIdLast4',
  'phone',
  'addressLine1',
  'city',
  'state',
  'zip',
  'routingNumber',
  'accountNumber',
] as const;

/**
 * The local adapter's onboarding page, outside /api (`app.register(plugin, { prefix: '/connect/onboard' })`):
 * GET shows the form of a live link, POST (a plain form post) completes the account once and redirects (303)
 * to the link's return URL, /profile. A used or expired link shows how to get a new one.
 */
export async function registerOnboardingPageRoutes(
  app: FastifyInstance,
  {
    onboarding,
    installerNameOf,
    complete,
  }: {
    onboarding: Pick<LocalConnectOnboarding, 'findOnboardingLink' | 'completeOnboarding'>;
    installerNameOf: (accountId: string) => Promise<string>;
    complete: (event: AccountUpdatedEvent) => Promise<void>;
  },
) {
  const expired = (reply: FastifyReply) =>
    sendTokenPageHtml(
      reply,
      404,
      renderOnboardingMessage(
        'This setup link has expired',
        'Setup links work once and for an hour. Go back to your profile and choose Continue Setup for a new one.',
        { href: '/profile', text: 'Back to your profile' },
      ),
    );

  registerTokenPage(app, {
    async show(token, reply) {
      const link = await onboarding.findOnboardingLink(token);
      if (!link) return expired(reply);
      const installerName = await installerNameOf(link.accountId);
      return sendTokenPageHtml(
        reply,
        200,
        renderOnboardingPage(
          { token, installerName, accountId: link.accountId },
          {
            legalName: installerName,
          },
        ),
      );
    },

    async submit(token, body, reply) {
      const link = await onboarding.findOnboardingLink(token);
      if (!link) return expired(reply);
      const values: OnboardingFormValues = {};
      for (const name of FIELDS) {
        if (typeof body[name] === 'string') values[name] = body[name].slice(0, 200);
      }
      const { details, errors } = validateOnboardingForm(values);
      if (!details) {
        const installerName = await installerNameOf(link.accountId);
        // A form answer is a 200 page (a browser logs a 4xx document as an error); the page says what is wrong.
        return sendTokenPageHtml(
          reply,
          200,
          renderOnboardingPage({ token, installerName, accountId: link.accountId }, values, errors),
        );
      }
      const done = await onboarding.completeOnboarding(token, details);
      if (!done) return expired(reply);
      await complete(done.event);
      return reply.redirect(done.returnUrl, 303);
    },
  });
}
