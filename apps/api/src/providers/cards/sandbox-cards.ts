import cardValidator from "card-validator";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxCardAuthorizations, sandboxCardProfiles, sandboxCardTokens } from "../../db/schema/sandbox";
import { ConflictError, InvalidDataError, NotFoundError } from "../../http/errors";
import { type SandboxWebhooks, sandboxId, verifiedBody } from "../sandbox-webhooks";
import type {
  CardAuthorization,
  CardAuthorizationState,
  CardDecline,
  CardProcessor,
  CardProfile,
} from "./card-processor";

/**
 * The sandbox card processor: a tokenisation endpoint the browser calls with the card
 * (POST /api/sandbox/cards/tokens), Luhn, brand, expiry and CVC checks by card-validator, single-use
 * tokens turned into reusable profiles, and authorize → capture / void → refund on its own tables.
 * Published test numbers decide the outcome (the README's "Sandbox test values"); any other valid
 * number approves. 4000002500003220 needs 3-D Secure: its authorization waits on the sandbox's
 * challenge page, which reports the outcome by a signed `cards` webhook and sends the browser back.
 */
export const SANDBOX_CARD_PROVIDER = "sandbox-cards";

type Scenario = "approve" | "card_declined" | "insufficient_funds" | "expired_card" | "3ds";

export const TEST_CARDS: Record<string, Scenario> = {
  "4242424242424242": "approve",
  "5555555555554444": "approve",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired_card",
  // The team's published 3-D Secure number (not Luhn-valid: published numbers skip that check) and
  // Stripe's Luhn-valid one.
  "4000002500003220": "3ds",
  "4000002500003155": "3ds",
};

export const CARD_DECLINE_MESSAGES = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  authentication_failed: "The card's 3-D Secure authentication failed.",
  invalid_token: "The card details are no longer valid; enter the card again.",
} as const;

/** A single-use token lives this long, like a real processor's. */
const TOKEN_TTL_MINUTES = 15;

export type CardTokenInput = {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name?: string | undefined;
};
export type CardToken = { token: string; brand: string; last4: string; exp_month: number; exp_year: number };

type AuthorizationRow = typeof sandboxCardAuthorizations.$inferSelect;

const toState = (row: AuthorizationRow): CardAuthorizationState => ({
  authorizationId: row.id,
  status: row.status as CardAuthorizationState["status"],
  amountMinor: row.amountMinor,
  currency: row.currency,
  capturedMinor: row.capturedMinor,
  refundedMinor: row.refundedMinor,
  declineCode: row.declineCode,
  declineMessage: row.declineMessage,
});

export type SandboxCards = CardProcessor & {
  /** The tokenisation endpoint's work: validates the card and answers a single-use token. */
  tokenize(input: CardTokenInput): Promise<CardToken>;
  /** The 3-D Secure page's view of an authorization (null when unknown). */
  challenge(authorizationId: string): Promise<(CardAuthorizationState & { returnUrl: string }) | null>;
  /** The 3-D Secure page's answer: authorizes or declines, sends the webhook, answers where to go. */
  completeChallenge(authorizationId: string, outcome: "approve" | "fail"): Promise<{ returnUrl: string }>;
};

export function createSandboxCards(deps: {
  db: Db;
  webhooks: SandboxWebhooks;
  webhookSecret: string;
  /** The public origin the 3-D Secure page is served from (PUBLIC_APP_URL). */
  publicUrl: string;
}): SandboxCards {
  const { db, webhooks } = deps;

  const load = async (authorizationId: string) => {
    const [row] = await db
      .select()
      .from(sandboxCardAuthorizations)
      .where(eq(sandboxCardAuthorizations.id, authorizationId));
    return row ?? null;
  };
  const mustLoad = async (authorizationId: string) => {
    const row = await load(authorizationId);
    if (!row) throw new NotFoundError("The card authorization was not found.");
    return row;
  };

  /** Moves an authorization from one of `from` to a new state, atomically; the updated row or null. */
  const move = async (
    authorizationId: string,
    from: CardAuthorizationState["status"][],
    set: Partial<typeof sandboxCardAuthorizations.$inferInsert>,
  ) => {
    const [row] = await db
      .update(sandboxCardAuthorizations)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        and(
          eq(sandboxCardAuthorizations.id, authorizationId),
          sql`${sandboxCardAuthorizations.status} in (${sql.join(
            from.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ),
      )
      .returning();
    return row ?? null;
  };

  const cards: SandboxCards = {
    name: SANDBOX_CARD_PROVIDER,

    async tokenize(input) {
      const number = input.number.replace(/[\s-]/g, "");
      const errors: Record<string, string[]> = {};
      const checked = cardValidator.number(number, { luhnValidateUnionPay: true });
      const published = number in TEST_CARDS;
      if (
        !/^\d{12,19}$/.test(number) ||
        !(checked.isValid || (published && checked.isPotentiallyValid)) ||
        !checked.card
      ) {
        errors.number = ["The card number is invalid."];
      }
      const expiry = cardValidator.expirationDate({
        month: String(input.exp_month),
        year: String(input.exp_year),
      });
      if (!expiry.isValid) errors.exp_year = ["The expiration date is invalid or in the past."];
      const cvcSize = checked.card?.code.size ?? [3, 4];
      if (!/^\d+$/.test(input.cvc) || !cardValidator.cvv(input.cvc, cvcSize).isValid) {
        errors.cvc = ["The security code is invalid."];
      }
      if (Object.keys(errors).length > 0 || !checked.card) throw new InvalidDataError(errors);
      const token = sandboxId("tok", 16);
      const expYear = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
      await db.insert(sandboxCardTokens).values({
        token,
        brand: checked.card.niceType,
        last4: number.slice(-4),
        expMonth: input.exp_month,
        expYear,
        scenario: TEST_CARDS[number] ?? "approve",
        holderName: input.name?.trim() || null,
        expiresAt: sql`now() + ${TOKEN_TTL_MINUTES} * interval '1 minute'`,
      });
      return {
        token,
        brand: checked.card.niceType,
        last4: number.slice(-4),
        exp_month: input.exp_month,
        exp_year: expYear,
      };
    },

    async createProfile({ token, holderName }): Promise<CardProfile | CardDecline> {
      // A token is used once: the first caller takes it, a repeat or an expired one is refused.
      const [used] = await db
        .update(sandboxCardTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(sandboxCardTokens.token, token),
            isNull(sandboxCardTokens.usedAt),
            gt(sandboxCardTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!used) {
        return { status: "declined", code: "processing_error", message: CARD_DECLINE_MESSAGES.invalid_token };
      }
      const profileToken = sandboxId("card", 16);
      await db.insert(sandboxCardProfiles).values({
        profileToken,
        brand: used.brand,
        last4: used.last4,
        expMonth: used.expMonth,
        expYear: used.expYear,
        scenario: used.scenario,
        holderName,
      });
      return {
        profileToken,
        brand: used.brand,
        last4: used.last4,
        expMonth: used.expMonth,
        expYear: used.expYear,
      };
    },

    async authorize(input): Promise<CardAuthorization> {
      const existing = await db
        .select()
        .from(sandboxCardAuthorizations)
        .where(eq(sandboxCardAuthorizations.idempotencyKey, input.idempotencyKey));
      let row = existing[0];
      if (!row) {
        const [profile] = await db
          .select()
          .from(sandboxCardProfiles)
          .where(eq(sandboxCardProfiles.profileToken, input.profileToken));
        if (!profile) {
          return {
            status: "declined",
            authorizationId: null,
            code: "processing_error",
            message: CARD_DECLINE_MESSAGES.invalid_token,
          };
        }
        if (input.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
        const scenario = profile.scenario as Scenario;
        const declined =
          scenario === "card_declined" || scenario === "insufficient_funds" || scenario === "expired_card";
        const status = scenario === "3ds" ? "requires_action" : declined ? "declined" : "authorized";
        await db
          .insert(sandboxCardAuthorizations)
          .values({
            id: sandboxId("auth", 12),
            idempotencyKey: input.idempotencyKey,
            profileToken: input.profileToken,
            amountMinor: input.amountMinor,
            currency: input.currency.toUpperCase(),
            status,
            declineCode: declined ? scenario : null,
            declineMessage: declined ? CARD_DECLINE_MESSAGES[scenario] : null,
            returnUrl: input.returnUrl,
          })
          .onConflictDoNothing({ target: sandboxCardAuthorizations.idempotencyKey });
        [row] = await db
          .select()
          .from(sandboxCardAuthorizations)
          .where(eq(sandboxCardAuthorizations.idempotencyKey, input.idempotencyKey));
      }
      if (!row) throw new Error("sandbox card authorization not recorded");
      if (row.status === "requires_action") {
        return {
          status: "requires_action",
          authorizationId: row.id,
          redirectUrl: `${deps.publicUrl}/api/sandbox/cards/3ds/${row.id}`,
        };
      }
      if (row.status === "declined") {
        return {
          status: "declined",
          authorizationId: row.id,
          code: row.declineCode ?? "card_declined",
          message: row.declineMessage ?? CARD_DECLINE_MESSAGES.card_declined,
        };
      }
      return { status: "authorized", authorizationId: row.id };
    },

    async getAuthorization(authorizationId) {
      const row = await load(authorizationId);
      return row ? toState(row) : null;
    },

    async capture(authorizationId, amountMinor) {
      const current = await mustLoad(authorizationId);
      if (current.status === "captured" && current.capturedMinor === amountMinor) return toState(current);
      if (amountMinor <= 0n || amountMinor > current.amountMinor) {
        throw new ConflictError("The capture amount must be positive and at most the authorized amount.");
      }
      const row = await move(authorizationId, ["authorized"], {
        status: "captured",
        capturedMinor: amountMinor,
      });
      if (!row) {
        const again = await mustLoad(authorizationId);
        if (again.status === "captured" && again.capturedMinor === amountMinor) return toState(again);
        throw new ConflictError(`A ${again.status} card authorization cannot be captured.`);
      }
      return toState(row);
    },

    async void(authorizationId) {
      const current = await mustLoad(authorizationId);
      if (current.status === "voided") return toState(current);
      const row = await move(authorizationId, ["authorized", "requires_action"], { status: "voided" });
      if (!row) throw new ConflictError(`A ${current.status} card authorization cannot be voided.`);
      return toState(row);
    },

    async refund(authorizationId, amountMinor) {
      const current = await mustLoad(authorizationId);
      if (amountMinor <= 0n) throw new ConflictError("The refund amount must be positive.");
      const [row] = await db
        .update(sandboxCardAuthorizations)
        .set({
          refundedMinor: sql`${sandboxCardAuthorizations.refundedMinor} + ${amountMinor}`,
          status: sql`case when ${sandboxCardAuthorizations.refundedMinor} + ${amountMinor} = ${sandboxCardAuthorizations.capturedMinor} then 'refunded' else ${sandboxCardAuthorizations.status} end`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxCardAuthorizations.id, authorizationId),
            eq(sandboxCardAuthorizations.status, "captured"),
            sql`${sandboxCardAuthorizations.refundedMinor} + ${amountMinor} <= ${sandboxCardAuthorizations.capturedMinor}`,
          ),
        )
        .returning();
      if (!row) {
        throw new ConflictError(
          current.status === "captured"
            ? "The refund is more than what is left of the captured amount."
            : `A ${current.status} card payment cannot be refunded.`,
        );
      }
      return toState(row);
    },

    verifyWebhook(rawBody, signature) {
      const body = verifiedBody(deps.webhookSecret, rawBody, signature);
      if (!body || typeof body.authorizationId !== "string" || typeof body.status !== "string") return null;
      const statuses = ["requires_action", "authorized", "declined", "captured", "voided", "refunded"];
      if (!statuses.includes(body.status)) return null;
      return {
        authorizationId: body.authorizationId,
        status: body.status as CardAuthorizationState["status"],
      };
    },

    async challenge(authorizationId) {
      const row = await load(authorizationId);
      return row ? { ...toState(row), returnUrl: row.returnUrl } : null;
    },

    async completeChallenge(authorizationId, outcome) {
      const current = await load(authorizationId);
      if (!current) throw new NotFoundError("The card authorization was not found.");
      let webhookId: bigint | null = null;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxCardAuthorizations)
          .set(
            outcome === "approve"
              ? { status: "authorized", updatedAt: sql`now()` }
              : {
                  status: "declined",
                  declineCode: "card_declined",
                  declineMessage: CARD_DECLINE_MESSAGES.authentication_failed,
                  updatedAt: sql`now()`,
                },
          )
          .where(
            and(
              eq(sandboxCardAuthorizations.id, authorizationId),
              eq(sandboxCardAuthorizations.status, "requires_action"),
            ),
          )
          .returning();
        if (row) {
          webhookId = await webhooks.record(tx, "cards", {
            type: "authorization.updated",
            authorizationId: row.id,
            status: row.status,
          });
        }
      });
      // Delivered before the browser goes back, so the payment is up to date when the page loads.
      if (webhookId !== null) await webhooks.attempt(webhookId);
      return { returnUrl: current.returnUrl };
    },
  };
  return cards;
}
