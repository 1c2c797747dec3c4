import { queryOptions } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import type { DynamicForm } from "@vela/shared/dynamic-form";
import {
  type ExternalInvitation,
  INVITATION_TOKEN_HEADER,
  type ReceivingOptions,
} from "@vela/shared/external-recipients";
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
    queryFn: ({ signal }) =>
      api.request<ExternalInvitation>("GET", "external-recipients/me", { ...linkHeaders(token), signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyOnError: false },
  });

/** GET /external-recipients/receiving-options: the countries, currencies and methods to choose from. */
export const receivingOptionsQueryOptions = (token: string, language: Language) =>
  queryOptions({
    queryKey: ["recipient-invitation", token, "receiving-options", language],
    queryFn: ({ signal }) =>
      api.request<ReceivingOptions>("GET", "external-recipients/receiving-options", {
        ...linkHeaders(token),
        signal,
      }),
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
    queryFn: ({ signal }) =>
      api.request<DynamicForm>("GET", "external-recipients/dynamic-form", {
        ...linkHeaders(token),
        query: { ...refresh, ...destination, type },
        signal,
      }),
    enabled: destination !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyOnError: false },
  });

/** POST /external-recipients: the person's details; the link is used up. */
export const submitInvitation = (token: string, body: Record<string, unknown>) =>
  api.request<{ status: "submitted"; name: string }>("POST", "external-recipients", {
    ...linkHeaders(token),
    body,
  });
