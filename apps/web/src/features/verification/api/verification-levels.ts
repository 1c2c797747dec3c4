import { queryOptions } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/verification";
import { api } from "@/shared/api/api-client";
import { VERIFICATION_QUERY_KEY } from "./verification-status";

export type { VerificationLevelView } from "@vela/shared/verification";

/** GET /identity-verification/levels: what each level allows, and what the person has used of theirs. */
export const getVerificationLevels = (signal?: AbortSignal) =>
  api.call(contract.getVerificationLevels, {}, { signal });

export const verificationLevelsQueryOptions = (language: Language) =>
  queryOptions({
    // The API names and describes the levels in the page's language.
    queryKey: [...VERIFICATION_QUERY_KEY, "levels", language],
    queryFn: ({ signal }) => getVerificationLevels(signal),
    meta: { notifyOnError: false },
  });
