import * as contract from "@vela/shared/contract/verification";
import type { VerificationFlow } from "@vela/shared/verification";
import { api } from "@/shared/api/api-client";

/** POST /identity-verification/get-access-token: a short-lived SDK token and the SDK page it opens. */
export const getAccessToken = (flow: VerificationFlow) =>
  api.call(contract.getAccessToken, { body: { flow } });
