import { PermanentDeliveryError } from '../delivery-error';
import type { SmsPort } from './sms-port';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A sender number (+15551234567) or a Messaging Service SID (MG…). */
  from: string;
  /** Tests point this at a local fake server. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * SMS through Twilio's REST API (POST …/Accounts/{sid}/Messages.json, form-encoded, basic auth)
 * with plain fetch: the official SDK has no base-URL option and weighs far more than this call.
 * A 4xx other than 401/403/429 means Twilio refused the message itself (bad number, unverified
 * recipient): retrying cannot help, so it is permanent. Everything else is retried.
 */
export function createTwilioSmsAdapter({
  accountSid,
  authToken,
  from,
  baseUrl = 'https://api.twilio.com',
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
}: TwilioOptions): SmsPort {
  const url = `${baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(msg) {
      const form = new URLSearchParams({ To: msg.to, Body: msg.text });
      form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as {
        sid?: string;
        code?: number;
        message?: string;
      } | null;
      if (response.ok && body?.sid) return { id: body.sid };
      const detail = body?.message
        ? `${body.message}${body.code ? ` (Twilio code ${body.code})` : ''}`
        : 'no error body';
      const message = `Twilio refused the SMS to ${msg.to}: HTTP ${response.status}: ${detail}`;
      const status = response.status;
      const isPermanent = status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
      throw isPermanent ? new PermanentDeliveryError(message) : new Error(message);
    },
    async close() {},
  };
}
