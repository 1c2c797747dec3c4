import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLanguage } from "@/shared/i18n/use-language";
import {
  isAwaitingReview,
  VERIFICATION_QUERY_KEY,
  type VerificationStatus,
  verificationStatusQueryOptions,
} from "../api/verification-status";

/** After the SDK page, the status is asked again this often… */
export const STATUS_POLL_MS = 2000;
/** …for about this long; then the page says the result will come by e-mail. */
export const STATUS_POLL_FOR_MS = 60_000;

/** Nothing decided yet: not started on the provider's side, or sent and waiting for its review. */
const isUndecided = (status: VerificationStatus | undefined) =>
  status === undefined || status.review_state === null || isAwaitingReview(status);

/**
 * The person's verification status. Back from the provider's page (`returned`), it is asked every
 * two seconds while the review has not left `pending`, for about a minute; once it is decided, the
 * levels (and what the person has used) are asked again, since the level may have changed.
 */
export const useVerificationStatus = ({ returned }: { returned: boolean }) => {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [isPollOver, setPollOver] = useState(false);
  useEffect(() => {
    if (!returned) return;
    const timer = setTimeout(() => setPollOver(true), STATUS_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [returned]);

  const query = useQuery({
    ...verificationStatusQueryOptions(language),
    refetchInterval: (current) =>
      returned && !isPollOver && isUndecided(current.state.data) ? STATUS_POLL_MS : false,
  });

  const isWaiting = returned && query.data !== undefined && isUndecided(query.data);
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !isWaiting) {
      void queryClient.invalidateQueries({ queryKey: [...VERIFICATION_QUERY_KEY, "levels"] });
    }
    wasWaiting.current = isWaiting;
  }, [isWaiting, queryClient]);

  return { query, isPolling: isWaiting && !isPollOver, isPollOver: isWaiting && isPollOver };
};
