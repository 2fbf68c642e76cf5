/**
 * Test helper (not shipped), run as a separate Node process by outbox.two-process.int.test.ts:
 * one "API process" that only runs the outbox worker against a shared PostgreSQL database.
 * argv: <databaseUrl> <smtpUrl>. Talks to the parent over IPC: 'ready' → waits for 'go' →
 * delivers until nothing is due → 'done' with how many e-mails this process sent.
 */
import { createSmtpMailAdapter } from '../../adapters/mail/smtp-mail-adapter';
import { createTestConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createOutboxModule } from './outbox.module';

const [databaseUrl, smtpUrl] = process.argv.slice(2);
if (!databaseUrl || !smtpUrl || !process.send) {
  console.error('usage: fork(outbox-two-process.child.ts, [databaseUrl, smtpUrl]) with an IPC channel');
  process.exit(2);
}
const send = process.send.bind(process);

const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
const smtp = createSmtpMailAdapter({ url: smtpUrl });
let delivered = 0;
const outboxModule = createOutboxModule({
  config: createTestConfig({ smtpUrl }),
  db: database.db,
  mail: {
    kind: smtp.kind,
    close: smtp.close,
    send: async (msg) => {
      const result = await smtp.send(msg);
      delivered++;
      return result;
    },
  },
});

await new Promise<void>((resolve) => {
  process.on('message', (message) => {
    if (message === 'go') resolve();
  });
  send('ready');
});

let handled = 0;
for (;;) {
  const n = await outboxModule.worker.runOnce();
  if (n === 0) break;
  handled += n;
}
await outboxModule.worker.stop();
await database.close();
send({ delivered, handled, pid: process.pid }, () => process.exit(0));
