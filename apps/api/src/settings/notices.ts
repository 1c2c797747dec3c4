import type { Language } from "@vela/shared/api";
import type { TfaMethod } from "@vela/shared/auth";
import type { FastifyInstance } from "fastify";
import { sendNotice } from "../auth/notifications";

/**
 * Security changes the account owner is told about by e-mail, so that a change they did not make
 * (someone holding their session) does not go unnoticed.
 */
export type SecurityNotice =
  | { kind: "tfa_enabled"; method: TfaMethod }
  | { kind: "tfa_disabled" }
  | { kind: "password_changed" }
  | { kind: "email_changed"; newEmail: string }
  | { kind: "phone_changed"; newPhone: string };

const METHOD_NAMES: Record<TfaMethod, Record<Language, string>> = {
  email: { en: "codes by e-mail", es: "códigos por correo electrónico" },
  sms: { en: "codes by SMS", es: "códigos por SMS" },
  totp: { en: "an authenticator app", es: "una aplicación de autenticación" },
};

const IF_NOT_YOU: Record<Language, string> = {
  en: "If this was not you, reset your password now and contact us.",
  es: "Si no fuiste tú, restablece tu contraseña ahora y contáctanos.",
};

function noticeText(notice: SecurityNotice, language: Language): { subject: string; body: string } {
  const es = language === "es";
  switch (notice.kind) {
    case "tfa_enabled":
      return es
        ? {
            subject: "Verificación en dos pasos activada",
            body: `La verificación en dos pasos con ${METHOD_NAMES[notice.method].es} está activada en tu cuenta de Vela.`,
          }
        : {
            subject: "Two-factor authentication turned on",
            body: `Two-factor authentication with ${METHOD_NAMES[notice.method].en} is now on for your Vela account.`,
          };
    case "tfa_disabled":
      return es
        ? {
            subject: "Verificación en dos pasos desactivada",
            body: "La verificación en dos pasos se desactivó en tu cuenta de Vela.",
          }
        : {
            subject: "Two-factor authentication turned off",
            body: "Two-factor authentication was turned off for your Vela account.",
          };
    case "password_changed":
      return es
        ? {
            subject: "Tu contraseña de Vela cambió",
            body: "La contraseña de tu cuenta de Vela se cambió y se cerraron las demás sesiones.",
          }
        : {
            subject: "Your Vela password was changed",
            body: "The password of your Vela account was changed and your other sessions were signed out.",
          };
    case "email_changed":
      return es
        ? {
            subject: "Tu correo electrónico de Vela cambió",
            body: `Tu cuenta de Vela ahora usa ${notice.newEmail}; este correo ya no recibirá sus mensajes.`,
          }
        : {
            subject: "Your Vela e-mail address was changed",
            body: `Your Vela account now uses ${notice.newEmail}; this address will no longer receive its messages.`,
          };
    case "phone_changed":
      return es
        ? {
            subject: "Tu teléfono de Vela cambió",
            body: `Tu cuenta de Vela ahora usa el teléfono ${notice.newPhone}.`,
          }
        : {
            subject: "Your Vela phone number was changed",
            body: `Your Vela account now uses the phone number ${notice.newPhone}.`,
          };
  }
}

/**
 * E-mails a security notice in the caller's language. The change it reports is already committed,
 * so a mail server failure is logged rather than answered as an error: the caller must not think
 * the change failed and try it again.
 */
export async function sendSecurityNotice(
  app: FastifyInstance,
  to: string,
  notice: SecurityNotice,
  language: Language,
) {
  const { subject, body } = noticeText(notice, language);
  try {
    await sendNotice(app, to, subject, `${body} ${IF_NOT_YOU[language]}`);
  } catch (error) {
    app.log.error({ err: error, notice: notice.kind }, "security notice not sent");
  }
}

/**
 * Texts the number an account is leaving that it was replaced, in the caller's language, so the
 * owner hears of it on the device they still hold. Logged rather than answered on failure, as above.
 */
export async function sendPhoneReplacedSms(
  app: FastifyInstance,
  oldPhone: string,
  newPhoneMasked: string,
  language: Language,
) {
  const text =
    language === "es"
      ? `Vela: el teléfono de tu cuenta se cambió a ${newPhoneMasked}. ${IF_NOT_YOU.es}`
      : `Vela: your account's phone number was changed to ${newPhoneMasked}. ${IF_NOT_YOU.en}`;
  try {
    await app.sms.send({ to: oldPhone, text });
  } catch (error) {
    app.log.error({ err: error, notice: "phone_replaced_sms" }, "security notice not sent");
  }
}
