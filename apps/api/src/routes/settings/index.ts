import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance } from "fastify";
import { contractRoutes } from "../../http/contract";
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
  // Checked before the body is validated, so a caller without a session learns nothing from a 422.
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });

  serve(contract.getSecuritySettings, { summary: "Two-factor settings" }, async (request) =>
    ok(toSecuritySettings(currentAuth(request).user)),
  );

  serve(
    contract.updateSecuritySettings,
    {
      summary: "Send a confirmation code, start authenticator set-up, or turn two-factor on or off",
      description:
        "send_code answers where the code went; totp_setup answers the secret and its QR code; " +
        "enable and disable answer the new settings and e-mail a notice.",
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

  serve(
    contract.getPhoneSettings,
    { summary: "The phone number, whether it is verified, and a change waiting for its code" },
    async (request) => ok(toPhoneSettings(currentAuth(request).user)),
  );

  serve(
    contract.sendPhoneCode,
    { summary: "Text a code to the new number of a pending change, otherwise to the current number" },
    async (request) =>
      ok(await sendPhoneSettingsCode(app, request, currentAuth(request).user), "We sent you a code."),
  );

  serve(
    contract.verifyPhone,
    { summary: "Confirm the pending new number, or verify the current one, with the texted code" },
    async (request) =>
      ok(
        await verifyPhone(app, request, currentAuth(request).user, request.body.code),
        "Your phone number is verified.",
      ),
  );

  serve(
    contract.getEmailSettings,
    { summary: "The e-mail address, whether it is verified, and a change waiting for its code" },
    async (request) => ok(toEmailSettings(currentAuth(request).user)),
  );

  serve(
    contract.changeEmail,
    { summary: "Start changing the e-mail address: the new address gets a code" },
    async (request) =>
      ok(
        await startEmailChange(app, request, currentAuth(request).user, request.body),
        "We sent a code to your new address.",
      ),
  );

  serve(
    contract.verifyEmailChange,
    { summary: "Confirm the new e-mail address with its code" },
    async (request) =>
      ok(
        await verifyEmailChange(app, request, currentAuth(request).user, request.body.code),
        "Your e-mail address was changed.",
      ),
  );

  serve(
    contract.changePassword,
    { summary: "Change the password; every session ends and this device gets a new one" },
    async (request) =>
      ok(
        await changePassword(app, request, currentAuth(request), request.body),
        "Your password was changed.",
      ),
  );

  serve(contract.getEmailStatus, { summary: "Whether the e-mail address is verified" }, async (request) => {
    const { user } = currentAuth(request);
    return ok({ email: user.email, verified: user.emailVerifiedAt !== null });
  });

  serve(
    contract.getSettingsPaymentMethods,
    { summary: "The ways of paying the account can use" },
    async (request) => ok(paymentMethodOptions(request.ctx.language)),
  );
}
