import { isValidE164, PHONE_INVALID_MESSAGE } from "@vela/shared/phone";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { InvalidDataError, ProviderUnavailableError } from "../../http/errors";
import { createOutbox } from "../outbox";

export type SmsMessage = { to: string; text: string };

/**
 * Where SMS goes: an SMS gateway's webhook when SMS_WEBHOOK_URL is set, otherwise (never in
 * production) the development outbox table.
 */
export type SmsProvider = { name: "webhook" | "outbox"; send: (message: SmsMessage) => Promise<void> };

export const SMS_NOT_SENT_MESSAGE = "We could not send the text message. Try again in a few minutes.";

/**
 * A number no network can reach (an account saved before numbers were checked may still hold one)
 * is refused on the phone field, as a real gateway would refuse it, and never sent on.
 */
function refuseUnreachable(to: string) {
  if (!isValidE164(to)) throw new InvalidDataError({ phone_number: [PHONE_INVALID_MESSAGE] });
}

export function createSmsProvider(
  config: Pick<Config, "SMS_WEBHOOK_URL" | "NODE_ENV" | "MESSAGE_TIMEOUT_SECONDS">,
  db: Db,
): SmsProvider {
  const gateway = config.SMS_WEBHOOK_URL;
  if (gateway) {
    return {
      name: "webhook",
      send: async (message) => {
        refuseUnreachable(message.to);
        // A gateway that refuses the connection, answers an error or does not answer in time is a
        // typed 503 the caller can act on, never a bare 500; the cause (no message text, which
        // holds the code) goes to the log.
        let response: Response;
        try {
          response = await fetch(gateway, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(message),
            signal: AbortSignal.timeout(config.MESSAGE_TIMEOUT_SECONDS * 1000),
          });
        } catch (cause) {
          throw new ProviderUnavailableError(SMS_NOT_SENT_MESSAGE, { cause });
        }
        await response.body?.cancel();
        if (!response.ok) {
          throw new ProviderUnavailableError(SMS_NOT_SENT_MESSAGE, {
            cause: new Error(`The SMS gateway answered ${response.status}`),
          });
        }
      },
    };
  }
  const keep = createOutbox(config, db);
  return {
    name: "outbox",
    send: async ({ to, text }) => {
      refuseUnreachable(to);
      await keep({ channel: "sms", recipient: to, subject: null, text });
    },
  };
}
