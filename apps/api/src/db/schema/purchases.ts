import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

/**
 * A gift card's redeem code and PIN (issue 11): fetched from the issuer once the order is delivered,
 * sealed with AES-256-GCM under APP_SECRET (auth/secrets.ts), e-mailed to the recipient and shown
 * once in the app (`shown_at` is set by the one request that answers it).
 */
export const giftCardCodes = pgTable("gift_card_codes", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id),
  codeSealed: text("code_sealed").notNull(),
  pinSealed: text("pin_sealed"),
  shownAt: timestamp("shown_at", { withTimezone: true }),
  emailedAt: timestamp("emailed_at", { withTimezone: true }),
  ...createdAt,
});
