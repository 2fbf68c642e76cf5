import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test helper (not shipped): a real SMTP server on 127.0.0.1 that records what it receives. */
export type ReceivedMail = { rcptTo: string[]; subject: string; body: string; raw: string };

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Number of DATA commands seen per recipient, accepted or not. */
  attemptsByRecipient: Map<string, number>;
  close: () => Promise<void>;
};

export async function startTestSmtpServer(
  options: {
    /** Return an error message to reject this DATA with a 4xx (`attempt` counts per recipient, from 1). */
    rejectWhen?: (recipient: string, attempt: number) => string | null;
    delayMs?: number;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attemptsByRecipient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const rcptTo = session.envelope.rcptTo.map((a) => a.address);
        const recipient = rcptTo[0] ?? '';
        const attempt = (attemptsByRecipient.get(recipient) ?? 0) + 1;
        attemptsByRecipient.set(recipient, attempt);
        const rejection = options.rejectWhen?.(recipient, attempt) ?? null;
        const finish = () => {
          if (rejection) {
            const error = Object.assign(new Error(rejection), { responseCode: 451 });
            callback(error);
            return;
          }
          const [head = '', ...rest] = raw.split('\r\n\r\n');
          const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
          received.push({ rcptTo, subject, body: rest.join('\r\n\r\n').trim(), raw });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    attemptsByRecipient,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
