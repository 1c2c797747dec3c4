import * as contract from "@vela/shared/contract/recipients";
import { api } from "@/shared/api/api-client";

/**
 * POST /api/recipients/confirm-recipient ("Recipient confirmed."): accepts the details a link
 * brought in; the recipient becomes active.
 */
export const confirmInvitation = (invitationId: number) =>
  api.exchangeCall(contract.confirmInvitation, { body: { invitation_id: invitationId } });
