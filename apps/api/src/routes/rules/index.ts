import type { Language } from "@vela/shared/api";
import type { ExamineRules, RuleModal, RuleService } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance } from "fastify";
import { mayMoveMoney, VERIFY_PHONE_TEXT } from "../../auth/money-rule";
import type { UserRow } from "../../auth/sessions";
import { permissionsOf } from "../../auth/user-view";
import { contractRoutes } from "../../http/contract";
import { type LimitRule, limitRuleOf } from "../../limits/rules";
import { currentAuth } from "../../plugins/auth";

/** Which permission flag gates each service (the wallet has none of its own). */
const SERVICE_PERMISSION = {
  sendmoney: "sendmoney",
  giftcard: "giftcard",
  paybill: "paybill",
  recharge: "recharge",
  wallet: null,
} as const satisfies Record<RuleService, string | null>;

type RuleCode = "VERIFY_EMAIL" | "VERIFY_PHONE" | "SERVICE_DISABLED";

const TEXTS: Record<
  RuleCode,
  Record<Language, { title: string; text: string; button: string; action: string }>
> = {
  VERIFY_EMAIL: {
    en: {
      title: "Verify your e-mail address",
      text: "Enter the code we sent to your e-mail address to start using your account.",
      button: "Verify e-mail",
      action: "VERIFY_EMAIL",
    },
    es: {
      title: "Verifica tu correo electrónico",
      text: "Introduce el código que enviamos a tu correo para empezar a usar tu cuenta.",
      button: "Verificar correo",
      action: "VERIFY_EMAIL",
    },
  },
  VERIFY_PHONE: {
    en: {
      title: "Verify your phone number",
      text: VERIFY_PHONE_TEXT.en,
      button: "Verify phone",
      action: "VERIFY_PHONE",
    },
    es: {
      title: "Verifica tu número de teléfono",
      text: VERIFY_PHONE_TEXT.es,
      button: "Verificar teléfono",
      action: "VERIFY_PHONE",
    },
  },
  SERVICE_DISABLED: {
    en: {
      title: "This service is not available on your account",
      text: "Contact our support team and we will tell you why and what can be done.",
      button: "Contact support",
      action: "CONTACT_SUPPORT",
    },
    es: {
      title: "Este servicio no está disponible en tu cuenta",
      text: "Contacta con nuestro equipo de soporte y te diremos por qué y qué se puede hacer.",
      button: "Contactar con soporte",
      action: "CONTACT_SUPPORT",
    },
  },
};

function refusal(code: RuleCode, scope: string, language: Language): ExamineRules {
  const text = TEXTS[code][language];
  return modalRefusal(code, scope, text);
}

/** The limits' modal (limits/rules.ts): VERIFY_IDENTITY with the level needed, or a support modal. */
function limitRefusal(rule: LimitRule, scope: string): ExamineRules {
  return {
    ...modalRefusal(rule.code, scope, { ...rule, action: rule.action }),
    required_level: rule.requiredLevel,
  };
}

function modalRefusal(
  code: string,
  scope: string,
  text: { title: string; text: string; button: string; action: string },
): ExamineRules {
  const modal: RuleModal = {
    button: { label: text.button, code: text.action },
    code,
    id: `${scope}:${code}`.toLowerCase(),
    persistent: true,
    text: text.text,
    time: null,
    title: text.title,
    img: null,
    seconds: null,
    show: true,
  };
  return { allowed: false, hide_modal: false, modal };
}

const ALLOWED: ExamineRules = { allowed: true, hide_modal: true, modal: null };

/** The first rule that stops this user from using the service now, in the order a user fixes them. */
function examineService(user: UserRow, service: RuleService, language: Language): ExamineRules {
  const permission = SERVICE_PERMISSION[service];
  if (permission && !permissionsOf(user)[permission]) return refusal("SERVICE_DISABLED", service, language);
  if (!user.emailVerifiedAt) return refusal("VERIFY_EMAIL", service, language);
  if (!mayMoveMoney(user)) return refusal("VERIFY_PHONE", service, language);
  return ALLOWED;
}

/** `GET /examine-rules` (the dashboard) and `GET /{service}/examine-rules`: may the user go on now? */
export async function rulesRoutes(app: FastifyInstance) {
  const tags = ["rules"];
  const serve = contractRoutes(app, { tags, preValidation: app.requireAuth() });

  serve(
    contract.examineDashboardRules,
    { summary: "Whether the dashboard can be used now, or the modal that says what to do first" },
    async (request) => {
      const { user } = currentAuth(request);
      return {
        success: true as const,
        message: null,
        data: user.emailVerifiedAt ? ALLOWED : refusal("VERIFY_EMAIL", "dashboard", request.ctx.language),
      };
    },
  );

  serve(
    contract.examineServiceRules,
    { summary: "Whether a service can be used now, or the modal that says what to do first" },
    async (request) => {
      const { user } = currentAuth(request);
      const { service } = request.params;
      let data = examineService(user, service, request.ctx.language);
      if (data.allowed) {
        const { language } = request.ctx;
        const rule = await limitRuleOf({ db: app.db, rates: app.rates, language }, user.id, service);
        if (rule) data = limitRefusal(rule, service);
      }
      return { success: true as const, message: null, data };
    },
  );
}
