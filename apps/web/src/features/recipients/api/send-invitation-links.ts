import * as contract from "@vela/shared/contract/recipients";
import type { SendLinkRequest } from "@vela/shared/external-recipients";
import { api } from "@/shared/api/api-client";

/**
 * POST /api/recipients/send-link (201, "We sent the link." / "We sent the links."): e-mails each
 * person (1 to 10) a single-use link to fill in their own recipient details; answers the
 * invitations and the server's message.
 */
export const sendInvitationLinks = (body: SendLinkRequest) =>
  api.exchangeCall(contract.sendInvitationLinks, { body });
