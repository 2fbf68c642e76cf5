/** What can be put in the outbox. Each kind has one payload shape; the worker routes by channel. */
export type EmailMessage = { to: string; subject: string; text: string; html?: string };
export type SmsMessage = { to: string; text: string };

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
