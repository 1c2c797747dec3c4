import type { VerificationStatus } from "@vela/shared/verification";

/** Where a person's verification stands, in the words the status card has for each case. */
export type StatusKind =
  | "notStarted"
  | "started"
  | "pending"
  | "onHold"
  | "approved"
  | "retry"
  | "final"
  | "blocked";

/** A final rejection first (it is also a block), then any block, then the review's own state. */
export const statusKind = (status: VerificationStatus): StatusKind => {
  if (status.review_answer === "RED" && status.reject_type === "FINAL") return "final";
  if (status.money_moving_blocked) return "blocked";
  switch (status.review_state) {
    case null:
      return "notStarted";
    case "init":
      return "started";
    case "pending":
      return "pending";
    case "on_hold":
      return "onHold";
    case "completed":
      if (status.review_answer === "GREEN") return "approved";
      return status.review_answer === "RED" ? "retry" : "notStarted";
  }
};
