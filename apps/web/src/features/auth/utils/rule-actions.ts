/**
 * Action codes a rule modal's button carries (examine-rules). Unknown codes just close the modal:
 * the server may add codes before the SPA knows them.
 */
export const RULE_ACTIONS = {
  verifyEmail: "VERIFY_EMAIL",
  verifyPhone: "VERIFY_PHONE",
  contactSupport: "CONTACT_SUPPORT",
  /** The account's limits need a higher verification level: the verification area, then back. */
  verifyIdentity: "VERIFY_IDENTITY",
} as const;
