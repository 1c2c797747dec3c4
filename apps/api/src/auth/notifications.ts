import type { Language } from "@vela/shared/api";
import { CODE_TTL_SECONDS } from "@vela/shared/auth";
import type { FastifyInstance } from "fastify";
import type { CodePurpose } from "./codes";

const MINUTES = CODE_TTL_SECONDS / 60;

/** What each code is for, as the message tells it. */
const PURPOSE_TEXT: Record<CodePurpose, Record<Language, string>> = {
  verify_email: { en: "confirm your e-mail address", es: "confirmar tu correo electrónico" },
  verify_phone: { en: "confirm your phone number", es: "confirmar tu número de teléfono" },
  tfa_login: { en: "sign in", es: "iniciar sesión" },
  password_reset: { en: "reset your password", es: "restablecer tu contraseña" },
  security_change: { en: "confirm a security change", es: "confirmar un cambio de seguridad" },
  change_email: { en: "confirm your new e-mail address", es: "confirmar tu nuevo correo electrónico" },
  change_phone: { en: "confirm your new phone number", es: "confirmar tu nuevo número de teléfono" },
  withdrawal: { en: "confirm a withdrawal from your wallet", es: "confirmar un retiro de tu billetera" },
};

function codeText(purpose: CodePurpose, code: string, language: Language) {
  const what = PURPOSE_TEXT[purpose][language];
  return language === "es"
    ? `Tu código de Vela para ${what} es ${code}. Caduca en ${MINUTES} minutos. Si no lo pediste, ignora este mensaje y no lo compartas con nadie.`
    : `Your Vela code to ${what} is ${code}. It expires in ${MINUTES} minutes. If you did not ask for it, ignore this message and never share it.`;
}

/** Sends a one-time code by e-mail or SMS, in the caller's language. */
export async function sendCode(
  app: FastifyInstance,
  channel: "email" | "sms",
  to: string,
  purpose: CodePurpose,
  code: string,
  language: Language,
) {
  const text = codeText(purpose, code, language);
  if (channel === "sms") return app.sms.send({ to, text });
  const subject = language === "es" ? `Tu código de Vela: ${code}` : `Your Vela code: ${code}`;
  return app.email.send({ to, subject, text });
}

/** A notice with no code (a password was changed, an e-mail address replaced). */
export async function sendNotice(app: FastifyInstance, to: string, subject: string, text: string) {
  return app.email.send({ to, subject, text });
}
