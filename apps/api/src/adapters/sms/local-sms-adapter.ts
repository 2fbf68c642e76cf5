import type { LocalMessageStore } from '../local-message-store';
import type { SmsPort } from './sms-port';

/** Offline SMS: keeps each message in local_messages, shown by the dev mailbox (?channel=sms). */
export function createLocalSmsAdapter({ store }: { store: LocalMessageStore }): SmsPort {
  return {
    kind: 'local',
    async send(msg) {
      const { id } = await store.save({
        outboxId: msg.outboxId ?? null,
        channel: 'sms',
        to: msg.to,
        subject: null,
        text: msg.text,
        html: null,
      });
      return { id: String(id) };
    },
    async close() {},
  };
}
