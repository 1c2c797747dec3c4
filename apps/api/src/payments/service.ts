import { createHash } from "node:crypto";
import type {
  authorizeCardRequest,
  bankTransferRequest,
  debitBankRequest,
  gatewayPaymentRequest,
} from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Secrets } from "../auth/secrets";
import { currencies, payments, quotations, users } from "../db/schema/index";
import {
  AppError,
  ConflictError,
  InvalidDataError,
  NotFoundError,
  ProviderDeclinedError,
} from "../http/errors";
import { canonicalJson, IDEMPOTENCY_MESSAGES, idempotencyKeyHeaderSchema } from "../plugins/idempotency";
import {
  assertQuotationOpen,
  ownQuotation,
  PAID_QUOTATION,
  type PricingContext,
  type QuotationRow,
} from "../pricing/quotes";
import type { PushTransferMethod } from "../providers/banks/bank-rails";
import type { GatewayName } from "../providers/gateways/hosted-gateway";
import { createBankProfile, createCardProfile, ownProfile, type ProfileRow } from "./instruments";
import {
  changePaymentStatus,
  type LifecycleDeps,
  refreshPayment,
  type StatusPatch,
  scheduleRelease,
} from "./lifecycle";
import { findCatalogueMethod, isMethodOffered, type PaymentChannel } from "./methods";
import { NOT_OFFERED } from "./quotation-method";
import { findPaymentByKey, findPaymentByReference, holdingPayment, type PaymentRow } from "./repository";

/**
 * Starting a payment (spec §7 Payments): authorize-credit-card, debit-bank-account, bank-transfer,
 * praxis, d24 and PayPal. Each takes the user's open quotation priced for that method and collects
 * its amount_paid. The routes are idempotent in the plugin's own-transactions mode: a declined card
 * must leave its failed payment behind, and a provider call must not run inside a database
 * transaction, so this work commits on its own while the plugin's committed claim makes every
 * repeat, sequential or concurrent, answer the first answer. The key is also kept on the payment
 * (unique per user): a retry that reaches the service anyway (after a claim lost to a crash) answers
 * the same payment (or the same refusal) instead of paying twice; another body is a 422.
 */
export type PaymentDeps = LifecycleDeps & {
  secrets: Secrets;
  pricing: PricingContext;
  /** The SPA's origin (config PUBLIC_APP_URL): return URLs must lead back to it. */
  publicAppUrl: string;
  allowLocalReturnUrls: boolean;
};

export type PaymentCommand<T> = { userId: number; input: T; idempotencyKey: string | null };
export type PaymentOutcome = { payment: PaymentRow; replayed: boolean };

/** The methods each endpoint pays by (the quotation must have been priced for one of them). */
const ENDPOINT_SLUGS = {
  card: ["credit-and-debit-card-methods"],
  ach: ["ach-transfer"],
  push_transfer: [
    "domestic-wire-transfer-usa",
    "international-swift-transfer",
    "sepa-transfer-eur",
    "electronic-funds-transfer",
  ],
  praxis: ["praxis"],
  d24: ["d24"],
  paypal: ["authorize-paypal"],
} as const satisfies Record<PaymentChannel, readonly string[]>;

const DEFAULT_CARD_RETURN_PATH = "/send-money/payment";
const PROVIDER_FAILED = "The payment provider could not be reached. Try again in a moment.";

function requestHash(endpoint: string, input: unknown): string {
  return createHash("sha256")
    .update(`${endpoint}\n${canonicalJson(input)}`)
    .digest("hex");
}

function assertKey(key: string | null) {
  if (key !== null && !idempotencyKeyHeaderSchema.safeParse(key).success) {
    throw new InvalidDataError({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.badKey] });
  }
}

/** A stored payment answered again: its refusal again when it was refused. */
function replayOf(row: PaymentRow, hash: string): PaymentOutcome {
  if (row.metadata.request_hash !== hash) {
    throw new InvalidDataError(
      { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.mismatch] },
      IDEMPOTENCY_MESSAGES.mismatch,
    );
  }
  throwIfRefused(row);
  return { payment: row, replayed: true };
}

function throwIfRefused(row: PaymentRow) {
  if (row.status !== "failed") return;
  const status = Number(row.metadata.error_status ?? 402);
  const message = row.failureMessage ?? "The payment was declined.";
  if (status === 402) throw new ProviderDeclinedError(message);
  const errors = row.metadata.error_fields as Record<string, string[]> | undefined;
  throw new AppError(status, message, errors);
}

/**
 * A return URL the provider's page may send the browser to: a path of our own origin, or an absolute
 * URL on the SPA's origin (and, outside production, a local development origin). Anything else would
 * make our payment pages an open redirect.
 */
export function safeReturnUrl(
  deps: Pick<PaymentDeps, "publicAppUrl" | "allowLocalReturnUrls">,
  value: string,
) {
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidDataError({ return_url: ["Must be a path or a URL of this application."] });
  }
  const ownOrigin = new URL(deps.publicAppUrl).origin;
  const local = deps.allowLocalReturnUrls && ["localhost", "127.0.0.1"].includes(url.hostname);
  if ((url.protocol !== "http:" && url.protocol !== "https:") || (url.origin !== ownOrigin && !local)) {
    throw new InvalidDataError({ return_url: ["Must be a path or a URL of this application."] });
  }
  return url.toString();
}

const withPaymentId = (returnUrl: string, paymentId: number) =>
  `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}payment_id=${paymentId}`;

/** Refuses a quotation not priced for this endpoint's method; answers its payment_type_id. */
function assertPricedFor(row: QuotationRow, channel: PaymentChannel): number {
  const slugs: readonly string[] = ENDPOINT_SLUGS[channel];
  if (row.paymentMethodSlug === null || row.paymentTypeId === null) {
    throw new InvalidDataError({ quotation_id: ["Choose a payment method for this quotation first."] });
  }
  if (!slugs.includes(row.paymentMethodSlug)) {
    const chosen = findCatalogueMethod(row.paymentTypeId)?.method.name ?? row.paymentMethodSlug;
    throw new InvalidDataError({
      quotation_id: [`This quotation is priced to be paid by ${chosen}. Choose this payment method first.`],
    });
  }
  return row.paymentTypeId;
}

/** The checks every payment makes of its quotation before anything is charged. */
async function payableQuotation(
  deps: PaymentDeps,
  userId: number,
  quotationId: number,
  channel: PaymentChannel,
) {
  const row = await ownQuotation(deps.db, userId, quotationId);
  assertQuotationOpen(row);
  const paymentTypeId = assertPricedFor(row, channel);
  if (!(await isMethodOffered({ ...deps.pricing, db: deps.db }, row, paymentTypeId))) {
    throw new InvalidDataError({ quotation_id: [NOT_OFFERED] }, NOT_OFFERED);
  }
  return row;
}

/**
 * Claims the payment: under a lock on the quotation, refuses a second payment while one holds it,
 * and inserts this one (pending) with its key. A concurrent request with the same key finds it.
 */
async function claimPayment(
  deps: PaymentDeps,
  quotation: QuotationRow,
  values: { channel: PaymentChannel; provider: string; key: string | null; hash: string },
): Promise<PaymentOutcome & { quotation: QuotationRow }> {
  return deps.db.transaction(async (tx) => {
    // The row as it stands once locked: a change that committed while this waited (a requote, another
    // method) is what gets paid, or refused when the method is no longer this endpoint's. Changes
    // take the same lock (pricing's lockQuotationForChange), so none lands after this claim.
    const [locked] = await tx.select().from(quotations).where(eq(quotations.id, quotation.id)).for("update");
    if (!locked) throw new NotFoundError("Quotation not found.");
    assertQuotationOpen(locked);
    assertPricedFor(locked, values.channel);
    if (values.key !== null) {
      const existing = await findPaymentByKey(tx, quotation.userId, values.key);
      if (existing) return { ...replayOf(existing, values.hash), quotation: locked };
    }
    if (await holdingPayment(tx, quotation.id)) {
      throw new ConflictError(PAID_QUOTATION);
    }
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId: quotation.userId,
        quotationId: quotation.id,
        method: locked.paymentMethodSlug ?? values.channel,
        channel: values.channel,
        provider: values.provider,
        paymentProfileId: null,
        amountMinor: locked.totalMinor,
        currencyId: quotation.currencyFromId,
        status: "pending",
        idempotencyKey: values.key,
        metadata: { request_hash: values.hash },
      })
      .returning();
    // Released by a job if the quotation expires unused (a card's hold voided, a gateway's page closed).
    await scheduleRelease(deps.jobs, tx, inserted!.id, locked.expiresAt);
    return { payment: inserted!, replayed: false, quotation: locked };
  });
}

/**
 * Runs the provider's part of a claimed payment and records the outcome. A refusal (a decline, a
 * bad card token, a returned debit) is recorded on the payment as failed, then thrown, so the caller
 * hears 402/422 and a repeat hears the same; a provider that fails outright leaves it failed too.
 */
async function settle(
  deps: PaymentDeps,
  claimed: PaymentRow,
  charge: (payment: PaymentRow) => Promise<StatusPatch>,
): Promise<PaymentRow> {
  let patch: StatusPatch;
  try {
    patch = await charge(claimed);
  } catch (error) {
    const refusal = error instanceof AppError && error.statusCode < 500;
    const failed = await changePaymentStatus(deps, claimed, {
      status: "failed",
      failureCode: refusal ? "refused" : "provider_error",
      failureMessage: refusal ? error.message : PROVIDER_FAILED,
      metadata: {
        error_status: refusal ? error.statusCode : 503,
        ...(refusal && error.errors ? { error_fields: error.errors } : {}),
      },
    });
    if (refusal) throw error;
    throwIfRefused(failed);
    throw error;
  }
  const written = await changePaymentStatus(deps, claimed, patch);
  throwIfRefused(written);
  return written;
}

async function start(
  deps: PaymentDeps,
  command: PaymentCommand<{ quotation_id: number }>,
  channel: PaymentChannel,
  provider: string,
  endpoint: string,
  charge: (payment: PaymentRow, quotation: QuotationRow, currencyIso: string) => Promise<StatusPatch>,
): Promise<PaymentOutcome> {
  assertKey(command.idempotencyKey);
  const hash = requestHash(endpoint, command.input);
  if (command.idempotencyKey !== null) {
    const existing = await findPaymentByKey(deps.db, command.userId, command.idempotencyKey);
    if (existing) return replayOf(existing, hash);
  }
  const quotation = await payableQuotation(deps, command.userId, command.input.quotation_id, channel);
  const claim = await claimPayment(deps, quotation, { channel, provider, key: command.idempotencyKey, hash });
  if (claim.replayed) return claim;
  const [currency] = await deps.db
    .select()
    .from(currencies)
    .where(eq(currencies.id, claim.quotation.currencyFromId));
  const payment = await settle(deps, claim.payment, (row) => charge(row, claim.quotation, currency!.iso));
  return { payment, replayed: false };
}

/** POST authorize-credit-card: a saved card or a new card's token; authorized, 3-D Secure, or 402. */
export function authorizeCard(
  deps: PaymentDeps,
  command: PaymentCommand<z.infer<typeof authorizeCardRequest>>,
) {
  const input = command.input;
  const returnUrl = safeReturnUrl(deps, input.return_url ?? DEFAULT_CARD_RETURN_PATH);
  return start(
    deps,
    command,
    "card",
    deps.providers.cards.name,
    "authorize-credit-card",
    async (payment, _q, currency) => {
      let profile: ProfileRow;
      if (input.payment_profile_id !== undefined) {
        profile = await ownProfile(deps.db, command.userId, input.payment_profile_id, "card");
      } else {
        profile = await createCardProfile({ db: deps.db, cards: deps.providers.cards }, command.userId, {
          cardToken: input.card_token ?? "",
          holderName: input.name_holder ?? "",
          billingAddress: input.billing_address ?? null,
          senderId: input.sender_id,
          save: input.save_card ?? false,
        });
      }
      const answer = await deps.providers.cards.authorize({
        profileToken: profile.providerToken,
        amountMinor: payment.amountMinor,
        currency,
        idempotencyKey: `payment:${payment.id}`,
        returnUrl: withPaymentId(returnUrl, payment.id),
      });
      const base = { paymentProfileId: profile.id, providerReference: answer.authorizationId };
      if (answer.status === "authorized") return { ...base, status: "authorized" };
      if (answer.status === "requires_action") {
        return { ...base, status: "requires_action", redirectUrl: answer.redirectUrl };
      }
      return {
        ...base,
        status: "failed",
        failureCode: answer.code,
        failureMessage: answer.message,
        metadata: { error_status: 402 },
      };
    },
  );
}

/** POST debit-bank-account: an ACH debit from a saved or new US account; pending until it settles. */
export function debitBank(deps: PaymentDeps, command: PaymentCommand<z.infer<typeof debitBankRequest>>) {
  const input = command.input;
  return start(
    deps,
    command,
    "ach",
    deps.providers.banks.name,
    "debit-bank-account",
    async (payment, quotation, currency) => {
      let profile: ProfileRow;
      if (input.bank_account_id !== undefined) {
        profile = await ownProfile(deps.db, command.userId, input.bank_account_id, "bank");
      } else if (input.bank_account) {
        profile = await createBankProfile(
          { db: deps.db, banks: deps.providers.banks, secrets: deps.secrets },
          command.userId,
          { ...input.bank_account, senderId: input.sender_id, save: input.save_bank ?? false },
        );
      } else if (quotation.paymentProfileId !== null) {
        profile = await ownProfile(deps.db, command.userId, quotation.paymentProfileId, "bank");
      } else {
        throw new InvalidDataError({ bank_account_id: ["Choose a saved bank account or enter one."] });
      }
      const debit = await deps.providers.banks.debit({
        accountToken: profile.providerToken,
        amountMinor: payment.amountMinor,
        currency,
        idempotencyKey: `payment:${payment.id}`,
      });
      const base = { paymentProfileId: profile.id, providerReference: debit.debitId };
      if (debit.status === "settled") return { ...base, status: "succeeded" };
      if (debit.status === "returned") {
        return {
          ...base,
          status: "failed",
          failureCode: debit.returnCode ?? "returned",
          failureMessage: debit.returnReason ?? "Your bank returned the debit.",
          metadata: { error_status: 402 },
        };
      }
      return { ...base, status: "pending" };
    },
  );
}

/** POST bank-transfer: opens the expected push transfer; pending until the bank reports it arrived. */
export function startBankTransfer(
  deps: PaymentDeps,
  command: PaymentCommand<z.infer<typeof bankTransferRequest>>,
) {
  return start(
    deps,
    command,
    "push_transfer",
    deps.providers.banks.name,
    "bank-transfer",
    async (payment, quotation) => {
      if (quotation.paymentMethodSlug !== command.input.method) {
        throw new InvalidDataError({ method: ["Must be the payment method chosen for this quotation."] });
      }
      const [currency] = await deps.db
        .select()
        .from(currencies)
        .where(eq(currencies.id, quotation.currencyFromId));
      const instructions = await deps.providers.banks.expectTransfer({
        method: command.input.method as PushTransferMethod,
        amountMinor: payment.amountMinor,
        currency: currency!.iso,
        idempotencyKey: `payment:${payment.id}`,
      });
      return { status: "pending", providerReference: instructions.reference, metadata: { instructions } };
    },
  );
}

/** praxis get-payment-gateway, d24 process-payment, paypal authorize: a hosted page, pending until it answers. */
export function startGatewayPayment(
  deps: PaymentDeps,
  gateway: GatewayName,
  command: PaymentCommand<z.infer<typeof gatewayPaymentRequest>>,
) {
  const returnUrl = safeReturnUrl(deps, command.input.return_url);
  return start(
    deps,
    command,
    gateway,
    deps.providers.gateways[gateway].name,
    gateway,
    async (payment, _q, currency) => {
      const [user] = await deps.db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, command.userId));
      const session = await deps.providers.gateways[gateway].createSession({
        amountMinor: payment.amountMinor,
        currency,
        reference: `payment:${payment.id}`,
        returnUrl: withPaymentId(returnUrl, payment.id),
        customer: {
          name: `${user?.firstName ?? ""} ${user?.lastName ?? ""}`.trim(),
          email: user?.email ?? null,
          countryIso: null,
        },
      });
      return { status: "pending", providerReference: session.sessionId, redirectUrl: session.redirectUrl };
    },
  );
}

/** Where a payment stands; one still waiting on its provider is asked again first. */
export async function currentPayment(deps: LifecycleDeps, row: PaymentRow): Promise<PaymentRow> {
  if (row.status !== "pending" && row.status !== "requires_action") return row;
  try {
    return await refreshPayment(deps, row.id);
  } catch {
    // The provider not answering leaves the payment as recorded; the next poll asks again.
    return row;
  }
}

export const WEBHOOK_PROVIDERS = ["cards", "banks", "praxis", "d24", "paypal"] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/**
 * A provider's signed webhook: verified on the raw body (null → the caller answers 401 and nothing
 * changes), then the payment it names is refreshed from the provider, which is the source of truth.
 * A webhook about something we have no payment for is acknowledged and ignored.
 */
export async function handleWebhook(
  deps: LifecycleDeps,
  provider: WebhookProvider,
  rawBody: string,
  signature: string | undefined,
): Promise<{ verified: boolean; paymentId: number | null }> {
  let reference: string | null = null;
  let channels: readonly string[] = [];
  if (provider === "cards") {
    const event = deps.providers.cards.verifyWebhook(rawBody, signature);
    if (!event) return { verified: false, paymentId: null };
    reference = event.authorizationId;
    channels = ["card"];
  } else if (provider === "banks") {
    const event = deps.providers.banks.verifyWebhook(rawBody, signature);
    if (!event) return { verified: false, paymentId: null };
    reference = event.id;
    channels = event.kind === "debit" ? ["ach"] : ["push_transfer"];
  } else {
    const event = deps.providers.gateways[provider].verifyWebhook(rawBody, signature);
    if (!event) return { verified: false, paymentId: null };
    reference = event.sessionId;
    channels = [provider];
  }
  const row = await findPaymentByReference(deps.db, channels, reference);
  if (!row) return { verified: true, paymentId: null };
  const refreshed = await refreshPayment(deps, row.id);
  return { verified: true, paymentId: refreshed.id };
}
