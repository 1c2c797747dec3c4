import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  checkCredentials,
  codeDestination,
  findUserByEmail,
  findUserById,
  sessionMeta,
  signIn,
  startTwoFactor,
} from "../../auth/accounts";
import { assertIpNotThrottled, claimIpTry, settleTry } from "../../auth/attempts";
import { consumeCode, findPendingCode, reissueChallengeCode, tryCode } from "../../auth/codes";
import { maskEmail, maskPhoneEnding } from "../../auth/masking";
import { sendCode } from "../../auth/notifications";
import { issueResetToken, resetPassword, sendRecoveryCode } from "../../auth/recovery";
import { hashToken } from "../../auth/secrets";
import { revokeSession, rotateSession } from "../../auth/sessions";
import { claimSpacing, claimTry, lockedByThisTry, releaseTry } from "../../auth/throttles";
import { acceptTotpCode } from "../../auth/totp";
import { toSessionCheck } from "../../auth/user-view";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { InvalidDataError, TooManyRequestsError, UnauthenticatedError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";

/** Every refused recovery code gets this one answer, whatever the reason and whoever the address. */
const RECOVERY_CODE_REFUSED = "The code is not correct or is no longer valid. Ask for a new one.";

const tags = ["auth"];
const recoveryTags = ["password recovery"];
const tfaTags = ["two-factor"];

/**
 * Sessions (login, session check, logout, refresh), the two-factor step of a login, and
 * password recovery. Every answer about an account that may not exist is the same whether it
 * exists or not.
 */
export async function authRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags });
  const serveRecovery = contractRoutes(app, { tags: recoveryTags });
  const serveTwoFactor = contractRoutes(app, { tags: tfaTags });

  serve(
    contract.login,
    { summary: "Sign in; answers a session, or a two-factor challenge when the account has it on" },
    async (request) => {
      const { user, organization } = await checkCredentials(
        app,
        request,
        request.body.email,
        request.body.password,
      );
      if (user.tfaEnabled) {
        const challenge = await startTwoFactor(app, request, user);
        return ok(challenge, "A verification code is needed to finish signing in.");
      }
      return ok(await signIn(app, user, organization, sessionMeta(request)), "Signed in.");
    },
  );

  serve(
    contract.sessionCheckEndpoint,
    { summary: "The session check: role, user and permissions", preValidation: app.requireAuth() },
    async (request) => {
      const { user, organization } = currentAuth(request);
      return ok(toSessionCheck(user, organization));
    },
  );

  serve(
    contract.logout,
    { summary: "Ends this session", preValidation: app.requireAuth() },
    async (request) => {
      await revokeSession(app.db, currentAuth(request).sessionId, "logout");
      return ok(null, "Signed out.");
    },
  );

  serve(
    contract.refreshToken,
    { summary: "Swaps a refresh token for a new pair; a reused refresh token ends the session" },
    async (request) => {
      const rotated = await rotateSession(app.db, app.config, app.secrets, request.body.refresh_token);
      const { user, organization } = await findUserById(app.db, rotated.userId);
      return ok({ ...rotated.tokens, ...toSessionCheck(user, organization) });
    },
  );

  // ---- Two-factor: the second step of a login ----

  /** The live challenge behind a two-factor token, with its user. */
  async function challengeOf(tfaToken: string) {
    const row = await findPendingCode(app.db, { challengeHash: hashToken(tfaToken), purpose: "tfa_login" });
    if (!row?.userId || row.expiresAt <= new Date()) {
      throw new UnauthenticatedError("This sign-in has expired. Sign in again.");
    }
    const { user, organization } = await findUserById(app.db, row.userId);
    return { row, user, organization };
  }

  async function resendChallenge(request: FastifyRequest, tfaToken: string, channel?: "email" | "sms") {
    const { row, user } = await challengeOf(tfaToken);
    if (row.channel === "totp" && !channel) {
      throw new InvalidDataError({ channel: ["Your code comes from your authenticator app."] });
    }
    const chosen = channel ?? (row.channel === "sms" ? "sms" : "email");
    const destination = codeDestination(user, chosen);
    await reissueChallengeCode(app.db, app.secrets, row, chosen, destination.to, (code) =>
      sendCode(app, chosen, destination.to, "tfa_login", code, request.ctx.language),
    );
    return {
      channel: chosen,
      destination: destination.masked,
      seconds: CODE_RESEND_SECONDS,
      expires_in: CODE_TTL_SECONDS,
    };
  }

  /**
   * Checks a two-step code and signs in. Every try is counted against the account before it is
   * judged (five wrong ones in a row, from any challenge or network, lock two-step sign-in), and
   * against the challenge's code (five tries). An authenticator code is good for one sign-in.
   */
  async function finishTwoFactor(request: FastifyRequest, tfaToken: string, code: string) {
    const { row, user, organization } = await challengeOf(tfaToken);
    const ipTry = await claimIpTry(app.db, "code", request.ip, user.email);
    const claim = await claimTry(app.db, "tfa", `user:${user.id}`);
    let appCode: "accepted" | "wrong" | "used" | null = null;
    if (row.channel === "totp") {
      const secret = user.totpSecretEnc ? app.secrets.decrypt(user.totpSecretEnc) : null;
      appCode = secret ? await acceptTotpCode(app.db, user.id, secret, code) : "wrong";
    }
    try {
      await consumeCode(
        app.db,
        app.secrets,
        { challengeHash: hashToken(tfaToken), purpose: "tfa_login" },
        code,
        appCode === null ? undefined : appCode === "accepted",
      );
    } catch (error) {
      if (claim.isLast) throw lockedByThisTry(claim);
      if (appCode === "used") {
        throw new InvalidDataError({
          code: ["This code was already used. Enter the next one your authenticator app shows."],
        });
      }
      throw error;
    }
    await settleTry(app.db, ipTry);
    await releaseTry(app.db, claim);
    return signIn(app, user, organization, sessionMeta(request));
  }

  serveTwoFactor(
    contract.tfaSendCode,
    { summary: "Sends the two-factor code again, by e-mail or SMS" },
    async (request) =>
      ok(await resendChallenge(request, request.body.tfa_token, request.body.channel), "Code sent."),
  );

  serveTwoFactor(
    contract.tfaResend,
    { summary: "Sends the two-factor code again on the same channel" },
    async (request) => ok(await resendChallenge(request, request.body.tfa_token), "Code sent."),
  );

  serveTwoFactor(
    contract.tfaVerifyAndLogin,
    { summary: "Checks the two-factor code and signs in" },
    async (request) =>
      ok(await finishTwoFactor(request, request.body.tfa_token, request.body.code), "Signed in."),
  );

  serveTwoFactor(
    contract.smsVerifyAndLogin,
    { summary: "Checks a two-factor code received by SMS and signs in" },
    async (request) => {
      const { row } = await challengeOf(request.body.tfa_token);
      if (row.channel !== "sms") {
        throw new InvalidDataError({ code: ["This sign-in's code was not sent by SMS."] });
      }
      return ok(await finishTwoFactor(request, request.body.tfa_token, request.body.code), "Signed in.");
    },
  );

  // ---- Password recovery ----

  serveRecovery(
    contract.forgotPasswordMasking,
    { summary: "Where a recovery code can be sent, masked" },
    async (request) => {
      await assertIpNotThrottled(app.db, "recovery", request.ip);
      const found = await findUserByEmail(app.db, request.body.email);
      const user = found?.user;
      // Only the last two digits, behind a mask of fixed length: without an account (or an SMS to
      // send to) they are made up from the address, stable, so the answer reveals nothing.
      const lastDigits =
        user?.phoneNumber && user.phoneVerifiedAt
          ? user.phoneNumber.slice(-2)
          : String(Number.parseInt(app.secrets.hashCode(`mask:${request.body.email}`).slice(0, 8), 16) % 100);
      return ok({ email: maskEmail(request.body.email), phone: maskPhoneEnding(lastDigits) });
    },
  );

  serveRecovery(
    contract.forgotPasswordSendCode,
    { summary: "Sends a recovery code if the account exists; the answer is the same either way" },
    async (request) => {
      const { email, channel } = request.body;
      // Every request counts against the network, with an account or without, so the per-IP limit
      // does not tell them apart either.
      await claimIpTry(app.db, "recovery", request.ip, email);
      // The resend wait belongs to the address, not the account, for the same reason.
      const wait = await claimSpacing(
        app.db,
        "recovery_send",
        app.secrets.hashCode(`recovery:${email}`),
        CODE_RESEND_SECONDS,
      );
      if (wait > 0)
        throw new TooManyRequestsError(`Wait ${wait} seconds before asking for a new code.`, wait);
      // Finding the account and sending happen after the answer, which so takes as long either way.
      const language = request.ctx.language;
      app.backgroundTasks.run("recovery code", () => sendRecoveryCode(app, email, channel, language));
      return ok(
        { seconds: CODE_RESEND_SECONDS, expires_in: CODE_TTL_SECONDS },
        "If an account uses this address, a code is on its way.",
      );
    },
  );

  serveRecovery(
    contract.forgotPasswordValidateCode,
    { summary: "Checks a recovery code and answers the token that sets the new password" },
    async (request) => {
      const ipTry = await claimIpTry(app.db, "recovery", request.ip, request.body.email);
      // The same statements run whether the address has an account or not, and every refusal is
      // the same answer (no tries left to count, no "no code"), so nothing tells them apart.
      const result = await tryCode(
        app.db,
        app.secrets,
        { email: request.body.email, purpose: "password_reset" },
        request.body.code,
      );
      if (result.outcome !== "accepted" || result.row.userId === null) {
        throw new InvalidDataError({ code: [RECOVERY_CODE_REFUSED] });
      }
      await settleTry(app.db, ipTry);
      const resetToken = await issueResetToken(app.db, result.row.userId);
      return ok({ reset_token: resetToken }, "Code accepted. Choose a new password.");
    },
  );

  serveRecovery(
    contract.resetPassword,
    { summary: "Sets a new password with a reset token and ends every session of the account" },
    async (request) => {
      await resetPassword(app, request.body, request.log);
      return ok(null, "Your password was changed. Sign in with the new one.");
    },
  );
}
