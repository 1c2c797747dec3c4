import type { Language } from "@vela/shared/api";
import { CODE_TTL_SECONDS, type CodeSent } from "@vela/shared/auth";
import { formatMinor } from "@vela/shared/money";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { claimIpTry, type IpTry, settleTry } from "../auth/attempts";
import { boundCode, consumeCode, issueCode } from "../auth/codes";
import { maskEmail } from "../auth/masking";
import { hashToken } from "../auth/secrets";
import type { UserRow } from "../auth/sessions";
import type { Db } from "../db/client";
import { currencies } from "../db/schema/index";
import { AppError } from "../http/errors";
import { recipientRow } from "../orders/repository";
import { assertQuotationOpen, type QuotationRow } from "../pricing/quotes";
import { recipientName } from "../recipients/repository";
import { freshCodeSent } from "../settings/confirmation";
import { withdrawQuotation } from "./withdraw";

/**
 * The extra confirmation of a withdrawal (spec §4: "withdrawals have an extra confirmation step"): a
 * re-authentication before money leaves. A code goes to the account's e-mail (the outbox in
 * development) naming the amount and the account, and is bound to that quotation: its HMAC covers
 * the quotation id, so the digits typed for any other withdrawal are a wrong code. Tries are judged
 * and counted by `tryCode` in one statement (five per code, however many arrive together: they
 * queue on the code's row), and each try also counts against the caller's IP, like every other code.
 */
export const WITHDRAWAL_PURPOSE = "withdrawal" as const;
const binding = (quotationId: number) => `quotation:${quotationId}`;
/**
 * Each withdrawal has its own live code (a user may confirm several), found by this challenge: the
 * hash of the user and the quotation. Asking again for the same quotation replaces only its code.
 */
const challengeOf = (userId: number, quotationId: number) => hashToken(`withdrawal:${userId}:${quotationId}`);

async function describeWithdrawal(app: FastifyInstance, quotation: QuotationRow, language: Language) {
  const [currency] = await app.db
    .select()
    .from(currencies)
    .where(eq(currencies.id, quotation.currencyFromId));
  const amount = formatMinor(quotation.totalMinor, currency?.decimals ?? 2, {
    currencyIso: currency?.iso,
    locale: language,
  });
  const recipient = quotation.recipientId === null ? null : await recipientRow(app.db, quotation.recipientId);
  const account = recipient ? accountEnding(recipient.details) : undefined;
  const to = recipient ? `${recipientName(recipient)}${account ? ` (${account})` : ""}` : "";
  return { amount, to };
}

/**
 * The account a withdrawal goes to, as "•••• 6789": the last four characters of its number. Keys are
 * tried from the most specific (the account number, CLABE, IBAN, the wallet's phone) to any other
 * number, never a routing or sort code, and never a choice such as the account *type* ("Checking",
 * which once showed as "•••• king"): a value without digits is not a number.
 */
const ACCOUNT_KEYS = [/^account_number$/, /clabe|iban|pix_key/, /wallet|phone/, /account|number/];
const NOT_THE_ACCOUNT = /routing|transit|sort_code|swift|bic|ifsc|agency|branch|_type$|_kind$/;
export function accountEnding(details: Record<string, unknown>): string | undefined {
  const numbers = Object.entries(details).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === "string" && /\d/.test(entry[1]) && !NOT_THE_ACCOUNT.test(entry[0]),
  );
  for (const pattern of ACCOUNT_KEYS) {
    const found = numbers.find(([key]) => pattern.test(key));
    if (found) return `•••• ${found[1].replace(/\s/g, "").slice(-4)}`;
  }
  return undefined;
}

/** The message: the code first (readers and mail previews find it there), then what it confirms. */
function messageOf(language: Language, code: string, amount: string, to: string) {
  const minutes = CODE_TTL_SECONDS / 60;
  if (language === "es") {
    return {
      subject: `Tu código de Vela: ${code} (retiro de ${amount})`,
      text: `Tu código de Vela es ${code}. Confirma el retiro de ${amount} de tu billetera${to ? ` a ${to}` : ""} y caduca en ${minutes} minutos. Si no pediste este retiro, no compartas el código con nadie y cambia tu contraseña.`,
    };
  }
  return {
    subject: `Your Vela code: ${code} (withdrawal of ${amount})`,
    text: `Your Vela code is ${code}. It confirms the withdrawal of ${amount} from your wallet${to ? ` to ${to}` : ""} and expires in ${minutes} minutes. If you did not ask for this withdrawal, never share the code and change your password.`,
  };
}

/**
 * POST /wallets/withdraw-money/confirmation: sends the code for an open withdraw quotation of the
 * caller (after the usual resend wait; a new code replaces the one before).
 */
export async function sendWithdrawalCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  quotationId: number,
): Promise<CodeSent> {
  const quotation = await withdrawQuotation(app.db, user.id, quotationId);
  assertQuotationOpen(quotation);
  const { amount, to } = await describeWithdrawal(app, quotation, request.ctx.language);
  await issueCode(app.db, app.secrets, {
    userId: user.id,
    purpose: WITHDRAWAL_PURPOSE,
    channel: "email",
    destination: user.email,
    bind: binding(quotation.id),
    challengeHash: challengeOf(user.id, quotation.id),
    replaces: "challenge",
    send: async (code) => {
      const message = messageOf(request.ctx.language, code, amount, to);
      await app.email.send({ to: user.email, ...message });
    },
  });
  return freshCodeSent("email", maskEmail(user.email));
}

/** The IP try each withdrawal request claimed (before its key), and whether its code was refused. */
const ipTries = new WeakMap<FastifyRequest, { ipTry: IpTry; refused: boolean }>();

/**
 * Counts a withdrawal's code try against the caller's IP, on the app's own connection and before the
 * idempotency plugin opens the request's transaction: committed at once (so tries arriving together
 * see each other, see `claimIpTry`), and no pooled connection is asked for while a transaction holds
 * another. It counts as a failure until `settleWithdrawalTry` finds the code was not refused.
 */
export async function claimWithdrawalTry(app: FastifyInstance, request: FastifyRequest, user: UserRow) {
  ipTries.set(request, { ipTry: await claimIpTry(app.db, "code", request.ip, user.email), refused: false });
}

/**
 * Judges the code of a withdrawal and uses it up, in `db` (the request's transaction, so its use
 * commits or rolls back with the withdrawal). A refusal is answered rather than thrown: a wrong try
 * was counted in `db` too, and the caller must keep that count through the refusal (commit it, or
 * `keepOnRefusal`). A wrong code says how many tries are left; the fifth ends the code (429);
 * another quotation's code is a wrong code.
 */
export async function judgeWithdrawalCode(
  db: Db,
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  quotationId: number,
  code: string,
): Promise<AppError | null> {
  try {
    await consumeCode(
      db,
      app.secrets,
      { challengeHash: challengeOf(user.id, quotationId), purpose: WITHDRAWAL_PURPOSE },
      boundCode(code, binding(quotationId)),
    );
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    const claimed = ipTries.get(request);
    if (claimed) claimed.refused = true;
    return error;
  }
}

/**
 * Once the request's transaction has ended: its IP try is no failure unless its code was refused
 * (a replayed repeat, a quotation found used and a withdrawal refused for its funds judged no wrong code).
 */
export async function settleWithdrawalTry(app: FastifyInstance, request: FastifyRequest) {
  const claimed = ipTries.get(request);
  ipTries.delete(request);
  if (claimed && !claimed.refused) await settleTry(app.db, claimed.ipTry);
}
