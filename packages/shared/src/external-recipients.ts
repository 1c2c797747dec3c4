import { z } from "zod";
import { paginationQuery, recordId } from "./api";

/**
 * External recipients (spec §7): a signed-in user sends a person a link by e-mail; that person
 * opens `/recipient-invitation#<token>` and fills in their own details; the owner then confirms
 * the recipient it produced. The token travels in the URL fragment (never sent to a server, so it
 * never reaches access logs) and, from the page to the API, in the `x-invitation-token` header.
 */

/** The request header that carries an invitation's token to the public endpoints. */
export const INVITATION_TOKEN_HEADER = "x-invitation-token";
/** The SPA page a link opens; the token follows in the fragment. */
export const INVITATION_PAGE_PATH = "/recipient-invitation";
/** How long a link works. */
export const INVITATION_TTL_DAYS = 7;
/** How many people one send-link request may invite. */
export const MAX_INVITATIONS_PER_REQUEST = 10;
/** The one answer to a token that is unknown, malformed, expired or already used (404). */
export const INVITATION_GONE_MESSAGE = "This link has expired or was already used.";

export const invitationRecipientInput = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).pipe(z.email()),
  country_to_id: recordId.optional(),
  currency_to_id: recordId.optional(),
  shipping_method_id: recordId.optional(),
});
export type InvitationRecipientInput = z.infer<typeof invitationRecipientInput>;

export const sendLinkRequest = z.object({
  recipients: z.array(invitationRecipientInput).min(1).max(MAX_INVITATIONS_PER_REQUEST),
});
export type SendLinkRequest = z.infer<typeof sendLinkRequest>;

/**
 * Where an invitation stands for its owner: `sent` (waiting for the person), `expired` (sent and
 * not used in time), `submitted` (the person filled in their details), `confirmed` (the owner
 * activated the recipient), `cancelled` (its e-mail could not be sent).
 */
export const INVITATION_STATUSES = ["sent", "expired", "submitted", "confirmed", "cancelled"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const recipientInvitation = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  country_to_id: z.number().int().nullable(),
  currency_to_id: z.number().int().nullable(),
  shipping_method_id: z.number().int().nullable(),
  recipient_id: z.number().int().nullable(),
  expires_at: z.string(),
  submitted_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type RecipientInvitation = z.infer<typeof recipientInvitation>;

export const invitationListQuery = paginationQuery.extend({ status: z.enum(INVITATION_STATUSES).optional() });

export const confirmRecipientRequest = z.object({ invitation_id: recordId });

/**
 * What the person who opened a link may know: their name and e-mail as the owner typed them (the
 * page fills them in), and who invited them.
 */
export const externalInvitation = z.object({
  name: z.string(),
  /** The address the link was sent to: the person's own. */
  email: z.string(),
  /** The owner's first name and last initial ("Ana G."), nothing more. */
  sender_name: z.string(),
  country_to_id: z.number().int().nullable(),
  currency_to_id: z.number().int().nullable(),
  shipping_method_id: z.number().int().nullable(),
  expires_at: z.string(),
});
export type ExternalInvitation = z.infer<typeof externalInvitation>;

const receivingMethod = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
const receivingCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  shipping_methods: z.array(receivingMethod),
});
/** The destinations a link's recipient may choose: countries, each with its currencies and methods. */
export const receivingOptions = z.object({
  countries: z.array(
    z.object({
      id: z.number().int(),
      iso2: z.string(),
      name: z.string(),
      currencies: z.array(receivingCurrency),
    }),
  ),
});
export type ReceivingOptions = z.infer<typeof receivingOptions>;

export const RECIPIENT_TYPES = ["customer", "business"] as const;

/** The query of the link's dynamic form; a `refresh_on_change` field comes back under its own key. */
export const externalFormQuery = z
  .object({
    country_to_id: recordId,
    currency_to_id: recordId,
    shipping_method_id: recordId,
    type: z.enum(RECIPIENT_TYPES).default("customer"),
  })
  .catchall(z.string().max(500));

/** The link's submission: where and how the person receives, and the dynamic form's values. */
export const externalRecipientSubmission = z
  .object({
    type: z.enum(RECIPIENT_TYPES).default("customer"),
    country_to_id: recordId,
    currency_to_id: recordId,
    shipping_method_id: recordId,
  })
  .catchall(z.union([z.string().max(500), z.boolean()]));
export type ExternalRecipientSubmission = z.infer<typeof externalRecipientSubmission>;

export const externalSubmissionAnswer = z.object({ status: z.literal("submitted"), name: z.string() });
