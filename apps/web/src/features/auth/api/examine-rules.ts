import type { ExamineRules, RuleService } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** GET /examine-rules: the dashboard's rule check (may answer a modal that stops the user). */
export const examineDashboardRules = (signal?: AbortSignal) =>
  api.get<ExamineRules>("examine-rules", undefined, signal);

/** GET /{service}/examine-rules: the same check before a service's flow starts. */
export const examineServiceRules = (service: RuleService, signal?: AbortSignal) =>
  api.get<ExamineRules>(`${service}/examine-rules`, undefined, signal);
