import type { LocalMessageStore } from '../local-message-store';
import type { MailPort } from './mail-port';

/** Offline mail: keeps each message in local_messages, shown by the dev mailbox (GET /api/dev/outbox). */
export function createLocalMailAdapter({ store }: { store: LocalMessageStore }): MailPort {
  return {
    kind: 'local',
    async send(msg) {
      const { id } = await store.save({
        outboxId: msg.outboxId ?? null,
        channel: 'email',
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? null,
      });
      return { id: String(id) };
    },
    async close() {},
  };
}
