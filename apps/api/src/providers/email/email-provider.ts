import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ProviderUnavailableError } from "../../http/errors";
import { createOutbox } from "../outbox";

export type EmailMessage = { to: string; subject: string; text: string };

/**
 * Where e-mail goes: a real SMTP server when SMTP_URL is set, otherwise (never in production) the
 * development outbox table.
 */
export type EmailProvider = { name: "smtp" | "outbox"; send: (message: EmailMessage) => Promise<void> };

export const EMAIL_NOT_SENT_MESSAGE = "We could not send the e-mail. Try again in a few minutes.";

/**
 * What of nodemailer's error may be logged: its code (ECONNECTION, ETIMEDOUT, EENVELOPE…) and the
 * server's reply code. Not its message, which quotes the server's reply and with it the address.
 */
function smtpFailure(error: unknown): Error {
  const field = (name: string) =>
    typeof error === "object" && error !== null && name in error ? String(Reflect.get(error, name)) : "";
  const code = field("code") || "unknown";
  const failure = new Error(`The mail server failed: ${code} ${field("responseCode")}`.trim());
  return Object.assign(failure, { code });
}

export function createEmailProvider(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "MESSAGE_TIMEOUT_SECONDS">,
  db: Db,
): EmailProvider {
  if (config.SMTP_URL) {
    const timeout = config.MESSAGE_TIMEOUT_SECONDS * 1000;
    // nodemailer waits minutes by default (two to connect, ten for a silent socket); a request
    // waiting on a mail server must not.
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      name: "smtp",
      send: async (message) => {
        try {
          await transport.sendMail({ from: config.MAIL_FROM, ...message });
        } catch (error) {
          throw new ProviderUnavailableError(EMAIL_NOT_SENT_MESSAGE, { cause: smtpFailure(error) });
        }
      },
    };
  }
  const keep = createOutbox(config, db);
  return {
    name: "outbox",
    send: ({ to, subject, text }) => keep({ channel: "email", recipient: to, subject, text }),
  };
}
