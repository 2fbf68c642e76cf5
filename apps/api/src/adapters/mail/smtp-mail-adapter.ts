import nodemailer from 'nodemailer';
import type { MailPort } from './mail-port';

export type SmtpOptions = {
  host: string;
  port: number;
  secure: boolean;
  ignoreTLS: boolean;
  requireTLS: boolean;
  auth: { user: string; pass: string } | undefined;
  maxConnections: number;
};

const TRUE_VALUES = new Set(['true', '1', 'yes']);

/**
 * Reads an SMTP URL: `smtp://user:pass@host:587` (STARTTLS when offered), `smtps://host:465`
 * (implicit TLS), `smtp://host:1025?ignoreTLS=true` (plain, e.g. a local catcher),
 * `?requireTLS=true`, `?maxConnections=5`.
 */
export function parseSmtpUrl(url: string): SmtpOptions {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${u.protocol}//`);
  }
  const secure = u.protocol === 'smtps:';
  const flag = (name: string) => TRUE_VALUES.has((u.searchParams.get(name) ?? '').toLowerCase());
  const maxConnections = Number(u.searchParams.get('maxConnections') ?? 5);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: flag('ignoreTLS'),
    requireTLS: flag('requireTLS'),
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    maxConnections: Number.isInteger(maxConnections) && maxConnections > 0 ? maxConnections : 5,
  };
}

/**
 * Real mail through an SMTP server, with pooled connections. Timeouts are short and explicit
 * (nodemailer's socket default is 10 minutes) so one send always ends well before the outbox
 * lock on its item expires; otherwise another process could reclaim it and send it twice.
 */
export function createSmtpMailAdapter({ url }: { url: string }): MailPort {
  const options = parseSmtpUrl(url);
  const createTransport = () =>
    nodemailer.createTransport({
      pool: true,
      host: options.host,
      port: options.port,
      secure: options.secure,
      ignoreTLS: options.ignoreTLS,
      requireTLS: options.requireTLS,
      auth: options.auth,
      maxConnections: options.maxConnections,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  // Created on first use and again after close(), so a worker can be stopped and started again.
  let transport: ReturnType<typeof createTransport> | null = null;
  return {
    kind: 'smtp',
    async send(msg) {
      transport ??= createTransport();
      const info = await transport.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        ...(msg.html ? { html: msg.html } : {}),
        ...(msg.attachments?.length
          ? {
              attachments: msg.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
              })),
            }
          : {}),
        ...(msg.outboxId != null ? { headers: { 'X-Outbox-Id': String(msg.outboxId) } } : {}),
      });
      return { id: info.messageId };
    },
    async close() {
      transport?.close();
      transport = null;
    },
  };
}
