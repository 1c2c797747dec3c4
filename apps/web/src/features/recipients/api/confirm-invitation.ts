import type { RecipientInvitation } from "@vela/shared/external-recipients";
import { api } from "@/shared/api/api-client";

/**
 * POST /api/recipients/confirm-recipient ("Recipient confirmed."): accepts the details a link
 * brought in; the recipient becomes active.
 */
export const confirmInvitation = (invitationId: number) =>
  api.exchange<RecipientInvitation>("POST", "recipients/confirm-recipient", {
    body: { invitation_id: invitationId },
  });
