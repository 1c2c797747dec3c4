import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createOutbox } from "../outbox";

export type EmailMessage = { to: string; subject: string; text: string };

/**
 * Where e-mail goes: a real SMTP server when SMTP_URL is set, otherwise (never in production) the
 * development outbox table.
 */
export type EmailProvider = { name: "smtp" | "outbox"; send: (message: EmailMessage) => Promise<void> };

export function createEmailProvider(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV">,
  db: Db,
): EmailProvider {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      name: "smtp",
      send: async (message) => {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  const keep = createOutbox(config, db);
  return {
    name: "outbox",
    send: ({ to, subject, text }) => keep({ channel: "email", recipient: to, subject, text }),
  };
}
