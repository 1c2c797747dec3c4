import type { CodeChannel, CodeSent, SecuritySettings, TfaMethod, TotpSetup } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** How a change is confirmed: the password, or a code (sent, or read from the authenticator app). */
export type Confirmation = { password: string } | { code: string };

/** PATCH /settings/security {action: "send_code"}: a confirmation code for the change that follows. */
export const sendSecurityCode = (channel: CodeChannel) =>
  api.patch<CodeSent>("settings/security", { action: "send_code", channel });

/** PATCH /settings/security {action: "totp_setup"}: a secret and its QR code, not in force yet. */
export const setUpTotp = (password: string) =>
  api.patch<TotpSetup>("settings/security", { action: "totp_setup", password });

/** PATCH /settings/security {action: "enable"}: turns two-step verification on with a method. */
export const enableTfa = (method: TfaMethod, confirmation: Confirmation) =>
  api.patch<SecuritySettings>("settings/security", { action: "enable", method, ...confirmation });

/** PATCH /settings/security {action: "disable"}. */
export const disableTfa = (confirmation: Confirmation) =>
  api.patch<SecuritySettings>("settings/security", { action: "disable", ...confirmation });
