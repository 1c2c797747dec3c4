import { queryOptions } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/verification";
import type { VerificationStatus } from "@vela/shared/verification";
import { api } from "@/shared/api/api-client";

export type { VerificationStatus } from "@vela/shared/verification";

/** Every query of the verification area starts with this key (reset together after a review). */
export const VERIFICATION_QUERY_KEY = ["verification"] as const;

/** GET /identity-verification/verification-status: the person's level and their last review. */
export const getVerificationStatus = (signal?: AbortSignal) =>
  api.call(contract.getVerificationStatus, {}, { signal });

export const verificationStatusQueryOptions = (language: Language) =>
  queryOptions({
    // The reviewer's message comes in the page's language.
    queryKey: [...VERIFICATION_QUERY_KEY, "status", language],
    queryFn: ({ signal }) => getVerificationStatus(signal),
    // The page says itself that the status could not be loaded.
    meta: { notifyOnError: false },
  });

/** A review still on its way: nothing decided, nothing asked of a person yet. */
export const isAwaitingReview = (status: VerificationStatus) =>
  status.review_state === "init" || status.review_state === "pending";

/** The last review approved the flow it was for. */
export const isApproved = (status: VerificationStatus) =>
  status.review_state === "completed" && status.review_answer === "GREEN";
