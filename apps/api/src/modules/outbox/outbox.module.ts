import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { createLocalMessageStore } from '../../adapters/local-message-store';
import { createLocalMailAdapter } from '../../adapters/mail/local-mail-adapter';
import type { MailPort } from '../../adapters/mail/mail-port';
import { createSmtpMailAdapter } from '../../adapters/mail/smtp-mail-adapter';
import { createLocalSmsAdapter } from '../../adapters/sms/local-sms-adapter';
import type { SmsPort } from '../../adapters/sms/sms-port';
import { createTwilioSmsAdapter } from '../../adapters/sms/twilio-sms-adapter';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxRepository } from './outbox.repository';
import { type RequestReader, registerOutboxRoutes } from './outbox.routes';
import { createOutboxService, type MailboxOwners } from './outbox.service';
import {
  createOutboxWorker,
  type OutboxLogger,
  type OutboxWorker,
  type OutboxWorkerDeps,
} from './outbox.worker';
import {
  createOutboxHandlerRegistry,
  type OutboxDelivery,
  type OutboxHandler,
  type RegisterOutboxHandler,
} from './outbox-handlers';

const ZEmailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(
      z.object({ filename: z.string().min(1), contentType: z.string().min(1), contentBase64: z.string() }),
    )
    .optional(),
});
const ZSmsPayload = z.object({ to: z.string().min(1), text: z.string().min(1) });

export type OutboxModuleDeps = {
  config: Pick<
    Config,
    'env' | 'smtpUrl' | 'mailFrom' | 'mailOutboxViewer' | 'twilio' | 'outboxPollMs' | 'logLevel'
  >;
  db: Db;
  /**
   * Accepted for symmetry with other modules but not used for scheduling: due times come from
   * the database clock (now()), which every process shares.
   */
  clock?: () => Date;
  /** Defaults to a console logger (silent when config.logLevel is 'silent'); pass app.log to use pino. */
  logger?: OutboxLogger;
  /** Override the adapters the config would choose (tests, or a provider not configurable by env). */
  mail?: MailPort;
  sms?: SmsPort;
  worker?: Pick<
    OutboxWorkerDeps,
    'batchSize' | 'lockMs' | 'handlerTimeoutMs' | 'releaseLeasesEveryMs' | 'random'
  >;
};

export type OutboxModule = {
  worker: OutboxWorker;
  /**
   * `requests`: the service-requests module's read, which scopes GET /outbox/request/:id to the caller;
   * `owners`: the auth module's reads of a user and its companies, whose mail the dev mailbox shows.
   */
  registerRoutes(api: FastifyInstance, deps: { requests: RequestReader; owners: MailboxOwners }): void;
  /** Plugs in the effect of a channel (optionally only one kind of it): calendar, referral, webhook. */
  registerHandler: RegisterOutboxHandler;
  /**
   * Sends an e-mail item through the configured mail port, as the built-in e-mail handler does: for a module
   * whose e-mail kind records something once the message is sent (e.g. a referral's CONTACT).
   */
  deliverEmail: OutboxHandler;
  /** Which adapters the config chose. */
  adapters: { mail: MailPort['kind']; sms: SmsPort['kind'] };
};

/**
 * The durable outbox: adapters chosen from config (SMTP_URL → SMTP else local; TWILIO_* → Twilio
 * else local), the handler registry, the delivery worker and the dev/delivery-state routes.
 */
export function createOutboxModule({
  config,
  db,
  logger = createConsoleLogger(config.logLevel === 'silent'),
  mail,
  sms,
  worker: workerOptions = {},
}: OutboxModuleDeps): OutboxModule {
  const store = createLocalMessageStore(db);
  const mailPort =
    mail ??
    (config.smtpUrl ? createSmtpMailAdapter({ url: config.smtpUrl }) : createLocalMailAdapter({ store }));
  const smsPort =
    sms ?? (config.twilio ? createTwilioSmsAdapter(config.twilio) : createLocalSmsAdapter({ store }));

  const registry = createOutboxHandlerRegistry();
  const deliverEmail: OutboxHandler = async (item: OutboxDelivery) => {
    const payload = parsePayload(ZEmailPayload, item);
    await mailPort.send({ ...payload, from: config.mailFrom, outboxId: item.id });
  };
  registry.registerHandler('email', deliverEmail);
  registry.registerHandler('sms', async (item: OutboxDelivery) => {
    const payload = parsePayload(ZSmsPayload, item);
    await smsPort.send({ ...payload, outboxId: item.id });
  });

  const repository = createOutboxRepository(db);
  // The mailbox viewer is a deliberate choice (MAIL_OUTBOX_VIEWER), and only of the local mail adapter.
  const devMailbox = config.mailOutboxViewer && mailPort.kind === 'local' && config.env !== 'production';
  const worker = createOutboxWorker({
    repository,
    registry,
    pollMs: config.outboxPollMs,
    logger,
    ...workerOptions,
    onStopped: async () => {
      await Promise.all([mailPort.close(), smsPort.close()]);
    },
  });

  return {
    worker,
    registerRoutes: (api, { requests, owners }) =>
      registerOutboxRoutes(api, {
        service: createOutboxService({ repository, owners }),
        requests,
        devMailbox,
      }),
    registerHandler: registry.registerHandler,
    deliverEmail,
    adapters: { mail: mailPort.kind, sms: smsPort.kind },
  };
}

function parsePayload<T>(schema: z.ZodType<T>, item: OutboxDelivery): T {
  const parsed = schema.safeParse(item.payload);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new PermanentDeliveryError(
      `Outbox item ${item.id} (${item.channel}/${item.kind}) has an invalid payload: ${fields}`,
    );
  }
  return parsed.data;
}

function createConsoleLogger(isSilent: boolean): OutboxLogger {
  if (isSilent) return { warn() {}, error() {} };
  return {
    warn: (obj, msg) => console.warn(`[outbox] ${msg}`, obj),
    error: (obj, msg) => console.error(`[outbox] ${msg}`, obj),
  };
}
