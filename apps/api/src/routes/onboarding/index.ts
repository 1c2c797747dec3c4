import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, type ONBOARDING_TYPES } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findUserById, register } from "../../auth/accounts";
import { claimIpTry, settleTry } from "../../auth/attempts";
import {
  type CodePurpose,
  consumeCode,
  findPendingCode,
  issueCode,
  resendWaitSeconds,
} from "../../auth/codes";
import { maskEmail, maskPhone } from "../../auth/masking";
import { sendCode } from "../../auth/notifications";
import { listBusinessTypes, markVerified } from "../../auth/onboarding";
import type { UserRow } from "../../auth/sessions";
import { onboardingOf } from "../../auth/user-view";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { ConflictError, InvalidDataError, NotAllowedError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";

const tags = ["onboarding"];

/** The welcome says whether the e-mail code went out (the mail server may be down). */
const welcome = (codeSent: boolean) =>
  codeSent
    ? "Welcome to Vela. We sent a code to your e-mail address."
    : "Welcome to Vela. We could not send your code yet; ask for a new one in a few minutes.";

/**
 * Registration for the three kinds of account, the business-types list, and the verification of
 * the e-mail address and phone number that on-boarding asks for.
 */
export async function onboardingRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags });

  serve(contract.registerClient, { summary: "Opens a client account" }, async (request, reply) => {
    const { session, codeSent } = await register(app, request, { role: "client", input: request.body });
    return reply.status(201).send(ok(session, welcome(codeSent)));
  });

  serve(contract.registerAgent, { summary: "Opens an agent account" }, async (request, reply) => {
    const { session, codeSent } = await register(app, request, { role: "agent", input: request.body });
    return reply.status(201).send(ok(session, welcome(codeSent)));
  });

  serve(contract.registerBusiness, { summary: "Opens a business account" }, async (request, reply) => {
    const { session, codeSent } = await register(app, request, { role: "business", input: request.body });
    return reply.status(201).send(ok(session, welcome(codeSent)));
  });

  serve(
    contract.getBusinessTypes,
    { summary: "The kinds of company a business account can register as" },
    async (request, reply) => {
      reply.header("Cache-Control", "public, max-age=3600");
      reply.header("Vary", "language");
      return ok(await listBusinessTypes(app.db, request.ctx.language));
    },
  );

  // ---- Verification of the e-mail address and phone number ----

  /** The signed-in user, who must be of the kind named in the path. */
  function ownUser(request: FastifyRequest, type: (typeof ONBOARDING_TYPES)[number]): UserRow {
    const { user } = currentAuth(request);
    if (user.role !== type) {
      throw new NotAllowedError("This on-boarding is for another kind of account.");
    }
    return user;
  }

  function phoneOf(user: UserRow) {
    if (!user.phonePrefix || !user.phoneNumber) {
      throw new InvalidDataError({ phone_number: ["Add a phone number to your profile first."] });
    }
    return {
      to: `${user.phonePrefix}${user.phoneNumber}`,
      masked: maskPhone(user.phonePrefix, user.phoneNumber),
    };
  }

  async function sendVerification(request: FastifyRequest, user: UserRow, purpose: CodePurpose) {
    const channel = purpose === "verify_email" ? "email" : "sms";
    const destination =
      channel === "email" ? { to: user.email, masked: maskEmail(user.email) } : phoneOf(user);
    await issueCode(app.db, app.secrets, {
      userId: user.id,
      purpose,
      channel,
      destination: destination.to,
      send: (code) => sendCode(app, channel, destination.to, purpose, code, request.ctx.language),
    });
    return {
      channel,
      destination: destination.masked,
      seconds: CODE_RESEND_SECONDS,
      expires_in: CODE_TTL_SECONDS,
    } as const;
  }

  async function verify(request: FastifyRequest, user: UserRow, purpose: CodePurpose, code: string) {
    const ipTry = await claimIpTry(app.db, "code", request.ip, user.email);
    await consumeCode(app.db, app.secrets, { userId: user.id, purpose }, code);
    await settleTry(app.db, ipTry);
    await markVerified(app.db, user, purpose);
    const { user: updated } = await findUserById(app.db, user.id);
    return onboardingOf(updated);
  }

  const guard = app.requireAuth();

  serve(
    contract.verifyOnboardingEmail,
    { summary: "Verifies the e-mail address with its code", preValidation: guard },
    async (request) => {
      const user = ownUser(request, request.params.type);
      if (user.emailVerifiedAt) return ok(onboardingOf(user), "Your e-mail address is already verified.");
      return ok(await verify(request, user, "verify_email", request.body.code), "E-mail address verified.");
    },
  );

  serve(
    contract.resendOnboardingEmail,
    { summary: "Sends the e-mail verification code again", preValidation: guard },
    async (request) => {
      const user = ownUser(request, request.params.type);
      if (user.emailVerifiedAt) throw new ConflictError("Your e-mail address is already verified.");
      return ok(await sendVerification(request, user, "verify_email"), "Code sent.");
    },
  );

  serve(
    contract.sendOnboardingPhoneCode,
    { summary: "Sends a code by SMS to verify the phone number", preValidation: guard },
    async (request) => {
      const user = ownUser(request, request.params.type);
      if (user.phoneVerifiedAt) throw new ConflictError("Your phone number is already verified.");
      return ok(await sendVerification(request, user, "verify_phone"), "Code sent.");
    },
  );

  serve(
    contract.getOnboardingPhoneCode,
    {
      summary: "The pending phone code: where it went (masked) and when another may be sent",
      preValidation: guard,
    },
    async (request) => {
      const user = ownUser(request, request.params.type);
      const row = await findPendingCode(app.db, { userId: user.id, purpose: "verify_phone" });
      if (!row || row.expiresAt <= new Date() || user.phoneVerifiedAt) return ok(null);
      return ok({
        channel: "sms" as const,
        destination: phoneOf(user).masked,
        seconds: resendWaitSeconds(row),
        expires_in: Math.max(0, Math.ceil((row.expiresAt.getTime() - Date.now()) / 1000)),
      });
    },
  );

  serve(
    contract.verifyOnboardingPhone,
    { summary: "Verifies the phone number with its code", preValidation: guard },
    async (request) => {
      const user = ownUser(request, request.params.type);
      if (user.phoneVerifiedAt) return ok(onboardingOf(user), "Your phone number is already verified.");
      return ok(await verify(request, user, "verify_phone", request.body.code), "Phone number verified.");
    },
  );
}
