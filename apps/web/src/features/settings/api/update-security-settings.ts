import type { CodeChannel, CodeSent, SecuritySettings, TfaMethod, TotpSetup } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** How a change is confirmed: the password, or a code (sent, or read from the authenticator app). */
export type Confirmation = { password: string } | { code: string };

/** PATCH /settings/security {action: "send_code"}: a confirmation code for the change that follows. */
export const sendSecurityCode = (channel: CodeChannel) =>
  api.call(contract.updateSecuritySettings, { body: { action: "send_code", channel } }) as Promise<CodeSent>;

/** PATCH /settings/security {action: "totp_setup"}: a secret and its QR code, not in force yet. */
export const setUpTotp = (password: string) =>
  api.call(contract.updateSecuritySettings, {
    body: { action: "totp_setup", password },
  }) as Promise<TotpSetup>;

/** PATCH /settings/security {action: "enable"}: turns two-step verification on with a method. */
export const enableTfa = (method: TfaMethod, confirmation: Confirmation) =>
  api.call(contract.updateSecuritySettings, {
    body: { action: "enable", method, ...confirmation },
  }) as Promise<SecuritySettings>;

/** PATCH /settings/security {action: "disable"}. */
export const disableTfa = (confirmation: Confirmation) =>
  api.call(contract.updateSecuritySettings, {
    body: { action: "disable", ...confirmation },
  }) as Promise<SecuritySettings>;
