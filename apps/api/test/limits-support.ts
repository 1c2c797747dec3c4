import type { VerificationLevel } from "@vela/shared/verification";
import { eq, sql } from "drizzle-orm";
import { orders } from "../src/db/schema/index";
import { setVerificationLevel } from "../src/verification/state";
import type { TestApp } from "./helper";
import type { Client, WalletKit } from "./wallets-support";

/**
 * The verification level the kits give the clients they make for money tests (issue 20): the top
 * one, so tests about other rules are not stopped by the levels' limits. The limits' own tests set
 * the level they test.
 */
export const KIT_LEVEL: VerificationLevel = "enhanced";

export const giveLevel = (app: TestApp, userId: number, level: VerificationLevel = KIT_LEVEL) =>
  setVerificationLevel(app.db, userId, level);

/**
 * An order of `client` that already moved `usdMinor` US dollar cents `hoursAgo` hours ago, in a
 * service and status that count (or not): how the tests move time through the rolling windows.
 */
export async function pastOrder(
  app: TestApp,
  wallets: WalletKit,
  client: Client,
  usdMinor: bigint,
  options: { hoursAgo?: number; service?: string; status?: string; legacyPaidMinor?: bigint } = {},
) {
  const quotation = await wallets.walletQuotation(client, "convert", "USD", "EUR", "10.00");
  const order = await wallets.insertOrder(app.db, quotation, { service: options.service ?? "wallet-send" });
  const legacy = options.legacyPaidMinor;
  await app.db
    .update(orders)
    .set({
      status: options.status ?? "completed",
      // An order from before issue 20 has no USD-equivalent: counted from its amount paid at today's rate.
      usdEquivalentMinor: legacy === undefined ? usdMinor : null,
      ...(legacy === undefined
        ? {}
        : { sendAmountMinor: legacy, feeMinor: 0n, discountMinor: 0n, amountPaidMinor: legacy }),
      createdAt: sql`now() - make_interval(hours => ${options.hoursAgo ?? 1})`,
    })
    .where(eq(orders.id, order.id));
  return order;
}
