import type { EmailMessage } from '../../adapters/mail/mail-port';
import type { SmsMessage } from '../../adapters/sms/sms-port';

// The message types belong to the ports that send them; the outbox queues them as they are.
export type { EmailMessage, SmsMessage };

/** What can be put in the outbox. Each kind has one payload shape; the worker routes by channel. */
export type OutboxItem =
  | {
      channel: 'email';
      kind: string;
      payload: EmailMessage;
      requestId?: number | null;
      dedupeKey?: string | null;
    }
  | {
      channel: 'sms';
      kind: string;
      payload: SmsMessage;
      requestId?: number | null;
      dedupeKey?: string | null;
    }
  | {
      channel: 'calendar' | 'referral' | 'webhook';
      kind: string;
      payload: Record<string, unknown>;
      requestId?: number | null;
      dedupeKey?: string | null;
    };
