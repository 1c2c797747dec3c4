import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema/index";

export type SmsMessage = { to: string; text: string };

/** Where SMS goes: an SMS gateway's webhook when SMS_WEBHOOK_URL is set, otherwise the outbox table. */
export type SmsProvider = { name: "webhook" | "outbox"; send: (message: SmsMessage) => Promise<void> };

const GATEWAY_TIMEOUT_MS = 10_000;

export function createSmsProvider(config: Pick<Config, "SMS_WEBHOOK_URL">, db: Db): SmsProvider {
  const gateway = config.SMS_WEBHOOK_URL;
  if (gateway) {
    return {
      name: "webhook",
      send: async (message) => {
        const response = await fetch(gateway, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`The SMS gateway answered ${response.status}`);
      },
    };
  }
  return {
    name: "outbox",
    send: async ({ to, text }) => {
      await db.insert(outboxMessages).values({ channel: "sms", recipient: to, subject: null, text });
    },
  };
}
