import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contractSchema, urlOf } from "../../http/contract";
import { ok } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { startEmailChange, toEmailSettings, verifyEmailChange } from "../../settings/email-change";
import { changePassword } from "../../settings/password-change";
import { paymentMethodOptions } from "../../settings/payment-methods";
import { sendPhoneSettingsCode, toPhoneSettings, verifyPhone } from "../../settings/phone-change";
import { changeSecurity, toSecuritySettings } from "../../settings/two-factor";

const TAGS = ["settings"];

/** Settings: security (two-factor), phone, e-mail, password, email-status, payment-method. */
export async function settingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is validated, so a caller without a session learns nothing from a 422.
  const signedIn = app.requireAuth();

  routes.get(
    urlOf(contract.getSecuritySettings),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Two-factor settings",
        ...contractSchema(contract.getSecuritySettings),
      },
    },
    async (request) => ok(toSecuritySettings(currentAuth(request).user)),
  );

  routes.patch(
    urlOf(contract.updateSecuritySettings),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Send a confirmation code, start authenticator set-up, or turn two-factor on or off",
        description:
          "send_code answers where the code went; totp_setup answers the secret and its QR code; " +
          "enable and disable answer the new settings and e-mail a notice.",
        ...contractSchema(contract.updateSecuritySettings),
      },
    },
    async (request) => {
      const answer = await changeSecurity(app, request, currentAuth(request).user, request.body);
      const messages = {
        send_code: "We sent you a code.",
        totp_setup: "Scan the QR code with your authenticator app, then enter the code it shows.",
        enable: "Two-factor authentication is on.",
        disable: "Two-factor authentication is off.",
      } as const;
      return ok(answer, messages[request.body.action]);
    },
  );

  routes.get(
    urlOf(contract.getPhoneSettings),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The phone number, whether it is verified, and a change waiting for its code",
        ...contractSchema(contract.getPhoneSettings),
      },
    },
    async (request) => ok(toPhoneSettings(currentAuth(request).user)),
  );

  routes.post(
    urlOf(contract.sendPhoneCode),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Text a code to the new number of a pending change, otherwise to the current number",
        ...contractSchema(contract.sendPhoneCode),
      },
    },
    async (request) =>
      ok(await sendPhoneSettingsCode(app, request, currentAuth(request).user), "We sent you a code."),
  );

  routes.put(
    urlOf(contract.verifyPhone),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Confirm the pending new number, or verify the current one, with the texted code",
        ...contractSchema(contract.verifyPhone),
      },
    },
    async (request) =>
      ok(
        await verifyPhone(app, request, currentAuth(request).user, request.body.code),
        "Your phone number is verified.",
      ),
  );

  routes.get(
    urlOf(contract.getEmailSettings),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The e-mail address, whether it is verified, and a change waiting for its code",
        ...contractSchema(contract.getEmailSettings),
      },
    },
    async (request) => ok(toEmailSettings(currentAuth(request).user)),
  );

  routes.post(
    urlOf(contract.changeEmail),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Start changing the e-mail address: the new address gets a code",
        ...contractSchema(contract.changeEmail),
      },
    },
    async (request) =>
      ok(
        await startEmailChange(app, request, currentAuth(request).user, request.body),
        "We sent a code to your new address.",
      ),
  );

  routes.post(
    urlOf(contract.verifyEmailChange),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Confirm the new e-mail address with its code",
        ...contractSchema(contract.verifyEmailChange),
      },
    },
    async (request) =>
      ok(
        await verifyEmailChange(app, request, currentAuth(request).user, request.body.code),
        "Your e-mail address was changed.",
      ),
  );

  routes.put(
    urlOf(contract.changePassword),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Change the password; every session ends and this device gets a new one",
        ...contractSchema(contract.changePassword),
      },
    },
    async (request) =>
      ok(
        await changePassword(app, request, currentAuth(request), request.body),
        "Your password was changed.",
      ),
  );

  routes.get(
    urlOf(contract.getEmailStatus),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Whether the e-mail address is verified",
        ...contractSchema(contract.getEmailStatus),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return ok({ email: user.email, verified: user.emailVerifiedAt !== null });
    },
  );

  routes.get(
    urlOf(contract.getSettingsPaymentMethods),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The ways of paying the account can use",
        ...contractSchema(contract.getSettingsPaymentMethods),
      },
    },
    async (request) => ok(paymentMethodOptions(request.ctx.language)),
  );
}
