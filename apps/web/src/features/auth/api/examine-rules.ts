import type { RuleService } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** GET /examine-rules: the dashboard's rule check (may answer a modal that stops the user). */
export const examineDashboardRules = (signal?: AbortSignal) =>
  api.call(contract.examineDashboardRules, {}, { signal });

/** GET /{service}/examine-rules: the same check before a service's flow starts. */
export const examineServiceRules = (service: RuleService, signal?: AbortSignal) =>
  api.call(contract.examineServiceRules, { params: { service } }, { signal });
