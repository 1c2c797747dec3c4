import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/recipients";
import { INVITATION_TOKEN_HEADER } from "@vela/shared/external-recipients";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";

/**
 * The link's public endpoints. The token goes in its header, never in a URL; the calls are sent
 * `anonymous` (whoever is signed in on this browser has nothing to do with the link) and their
 * failures are shown by the page itself.
 */
const linkHeaders = (token: string) => ({ anonymous: true, headers: { [INVITATION_TOKEN_HEADER]: token } });

export type Destination = { country_to_id: number; currency_to_id: number; shipping_method_id: number };
export type RecipientType = "customer" | "business";

/** GET /external-recipients/me: who the link is for and who sent it. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["recipient-invitation", token, "me"],
    queryFn: ({ signal }) => api.call(contract.getExternalInvitation, {}, { ...linkHeaders(token), signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyOnError: false },
  });

/** GET /external-recipients/receiving-options: the countries, currencies and methods to choose from. */
export const receivingOptionsQueryOptions = (token: string, language: Language) =>
  queryOptions({
    queryKey: ["recipient-invitation", token, "receiving-options", language],
    queryFn: ({ signal }) =>
      api.call(contract.getExternalReceivingOptions, {}, { ...linkHeaders(token), signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyOnError: false },
  });

/** GET /external-recipients/dynamic-form: the fields for the chosen destination (and refreshed values). */
export const invitationFormQueryOptions = (
  token: string,
  language: Language,
  destination: Destination | null,
  type: RecipientType,
  refresh: Record<string, string>,
) =>
  queryOptions({
    queryKey: ["recipient-invitation", token, "dynamic-form", language, destination, type, refresh],
    queryFn:
      destination === null
        ? skipToken
        : ({ signal }) =>
            api.call(
              contract.getExternalForm,
              {
                // The ids are numbers, which the schema reads from the query text like the refreshed values.
                query: { ...refresh, ...destination, type } as z.input<typeof contract.getExternalForm.query>,
              },
              { ...linkHeaders(token), signal },
            ),
    enabled: destination !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyOnError: false },
  });

/** POST /external-recipients: the person's details; the link is used up. */
export const submitInvitation = (token: string, body: Record<string, unknown>) =>
  api.call(
    contract.submitExternalRecipient,
    // The form's values under their own keys beside the destination; the server validates them.
    { body: body as z.input<typeof contract.submitExternalRecipient.body> },
    linkHeaders(token),
  );
