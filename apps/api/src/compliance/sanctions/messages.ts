/** What screening says, in English (Spanish beside it in messages-es.ts). */
export const SANCTIONS_MESSAGES = {
  /** An order's `status_reason` while a person reviews it: says nothing of lists or names. */
  orderHeld:
    "Your transfer is on hold for a routine compliance review. We will let you know when it moves on.",
  /** Its reason once a review lets it go on (the hold's reason would stay otherwise). */
  orderReleased: "The compliance review is complete. Your transfer is on its way.",
  /** The refund's reason when the review does not let the transfer go. */
  orderRefunded:
    "Your transfer could not be completed after a compliance review. Your payment was refunded in full.",
  hitNotFound: "Screening hit not found.",
  alreadyDecided: "This screening hit has already been decided.",
  reviewerRequired: "Name the reviewer.",
} as const;
