import { dynamicForm } from "@vela/shared/dynamic-form";
import {
  bankAccountPreparation,
  DEFAULT_FEES_TEXT,
  DEFAULT_PAYMENT_TAB,
  PAYMENT_MESSAGES,
  savedBank,
  savedCard,
} from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { paymentProfiles } from "../src/db/schema/index";
import { appForThisFile, parsedData } from "./helper";
import { type paymentKit as Kit, paymentKit, TEST_CARDS } from "./payments-support";

// Saved cards and banks in settings and in the payment step (payments/profiles by
// payment_method_id 3 or 1): numbers only ever masked, the bank number sealed, another user's
// instrument not found, bad input answered in the spec's error shape; and the spec §8/§9 constants.
let kit: Awaited<ReturnType<typeof Kit>>;

const app = appForThisFile({ SANDBOX_ACH_SETTLE_SECONDS: "0", SANDBOX_SWEEP_SECONDS: "0" });

beforeAll(async () => {
  kit = await paymentKit(app);
});

const BANK = {
  bankName: "First Test Bank",
  routingNumber: "021000021",
  accountNumber: "000123456789",
  accountType: "checking",
  nameOnAccount: "Ada Lovelace",
};
const ADDRESS = { line1: "1 Main St", city: "Austin", postal_code: "78701", country_iso: "US" };

describe("the spec's payment constants (§8, §9)", () => {
  it("keeps the load failure messages and the payment step's defaults word for word", () => {
    expect(PAYMENT_MESSAGES.cardsFailed).toBe("Errors gettings cards");
    expect(PAYMENT_MESSAGES.banksFailed).toBe("Error getting banks");
    expect(PAYMENT_MESSAGES.cardDeclined).toBe("Your card was declined.");
    expect(DEFAULT_FEES_TEXT).toBe("0.00 USD");
    expect(DEFAULT_PAYMENT_TAB).toBe("3");
  });
});

describe("settings: bank accounts", () => {
  it("saves an account (number sealed, shown masked), lists, changes and deletes it", async () => {
    const created = await kit.call({ method: "POST", url: "/settings/bank-accounts", payload: BANK });
    const bank = parsedData(created, 201, savedBank);
    expect(bank).toMatchObject({
      bankName: "First Test Bank",
      routingNumber: "021000021",
      accountNumber: "•••• 6789",
      accountType: "checking",
      nameOnAccount: "Ada Lovelace",
    });
    const [row] = await app.db.select().from(paymentProfiles).where(eq(paymentProfiles.id, bank.id));
    expect(row!.accountNumberSealed).not.toContain("123456789");
    expect(app.secrets.decrypt(row!.accountNumberSealed!)).toBe("000123456789");

    const list = await kit.call({ url: "/settings/bank-accounts" });
    expect(list.statusCode).toBe(200);
    expect(
      z
        .array(savedBank)
        .parse(list.json().data)
        .map((item) => item.id),
    ).toContain(bank.id);
    expect(list.body).not.toContain("000123456789");
    const profiles = await kit.call({ url: "/payments/profiles?payment_method_id=1" });
    expect(profiles.json().data.map((item: { id: number }) => item.id)).toContain(bank.id);

    const patched = await kit.call({
      method: "PATCH",
      url: `/settings/bank-accounts/${bank.id}`,
      payload: { accountType: "savings", nameOnAccount: "Ada King" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ accountType: "savings", nameOnAccount: "Ada King" });

    const removed = await kit.call({ method: "DELETE", url: `/settings/bank-accounts/${bank.id}` });
    expect(removed.statusCode).toBe(200);
    const after = await kit.call({ url: "/settings/bank-accounts" });
    expect(after.json().data.map((item: { id: number }) => item.id)).not.toContain(bank.id);
    expect((await kit.call({ method: "DELETE", url: `/settings/bank-accounts/${bank.id}` })).statusCode).toBe(
      404,
    );
  });

  it("answers the preparation and the form", async () => {
    const preparation = await kit.call({ url: "/settings/bank-accounts/preparation" });
    expect(preparation.statusCode).toBe(200);
    expect(
      bankAccountPreparation.parse(preparation.json().data).account_types.map((type) => type.value),
    ).toEqual(["checking", "savings"]);
    const form = await kit.call({ url: "/settings/bank-accounts/form" });
    expect(form.statusCode).toBe(200);
    expect(dynamicForm.parse(form.json().data).fields.map((field) => field.key)).toEqual([
      "name_on_account",
      "bank_name",
      "routing_number",
      "account_number",
      "account_type",
    ]);
  });

  it("refuses a bad routing number, short account number, empty patch (422) and another user's account (404)", async () => {
    const badRouting = await kit.call({
      method: "POST",
      url: "/settings/bank-accounts",
      payload: { ...BANK, routingNumber: "021000022" },
    });
    expect(badRouting.statusCode).toBe(422);
    expect(badRouting.json()).toMatchObject({
      success: false,
      errors: { routingNumber: ["This is not a valid ABA routing number."] },
    });
    const short = await kit.call({
      method: "POST",
      url: "/settings/bank-accounts",
      payload: { ...BANK, accountNumber: "12" },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.accountNumber).toEqual(["The account number has 4 to 17 digits."]);

    const mine = await kit.call({ method: "POST", url: "/settings/bank-accounts", payload: BANK });
    const id = mine.json().data.id as number;
    const empty = await kit.call({ method: "PATCH", url: `/settings/bank-accounts/${id}`, payload: {} });
    expect(empty.statusCode).toBe(422);
    for (const [method, payload] of [
      ["PATCH", { accountType: "savings" }],
      ["DELETE", undefined],
    ] as const) {
      const foreign = await kit.call({
        method,
        url: `/settings/bank-accounts/${id}`,
        token: kit.other.token,
        payload,
      });
      expect(foreign.statusCode).toBe(404);
    }
    const [row] = await app.db.select().from(paymentProfiles).where(eq(paymentProfiles.id, id));
    expect(row).toMatchObject({ accountType: "checking", deletedAt: null });
    const senderOfOther = await kit.call({
      url: "/payments/profiles?payment_method_id=1&sender_id=999999",
    });
    expect(senderOfOther.statusCode).toBe(404);
    const badKind = await kit.call({ url: "/payments/profiles?payment_method_id=2" });
    expect(badKind.statusCode).toBe(422);
  });
});

describe("settings: card payment profiles", () => {
  it("saves a card from its token (masked), lists it by payment_method_id=3, deletes it", async () => {
    const created = await kit.call({
      method: "POST",
      url: "/settings/create-customer-payment-profile/card",
      payload: {
        card_token: await kit.cardToken(TEST_CARDS.approve),
        name_holder: "Ada Lovelace",
        billing_address: ADDRESS,
      },
    });
    const card = parsedData(created, 201, savedCard);
    expect(card).toMatchObject({ number: "•••• 4242", cardType: "Visa", name_holder: "Ada Lovelace" });

    const list = await kit.call({ url: "/settings/credit-card-banks/payment-profiles" });
    expect(
      z
        .array(savedCard)
        .parse(list.json().data)
        .map((item) => item.id),
    ).toContain(card.id);
    const profiles = await kit.call({ url: "/payments/profiles?payment_method_id=3" });
    expect(profiles.json().data.map((item: { id: number }) => item.id)).toContain(card.id);
    expect(profiles.body).not.toContain("4242424242424242");
    const theirs = await kit.call({ url: "/payments/profiles?payment_method_id=3", token: kit.other.token });
    expect(theirs.json().data).toEqual([]);

    const foreign = await kit.call({
      method: "DELETE",
      url: `/settings/credit-card-banks/payment-profiles/${card.id}`,
      token: kit.other.token,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await kit.call({
      method: "DELETE",
      url: `/settings/credit-card-banks/payment-profiles/${card.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const after = await kit.call({ url: "/settings/credit-card-banks/payment-profiles" });
    expect(after.json().data.map((item: { id: number }) => item.id)).not.toContain(card.id);
  });

  it("refuses a used token and a missing billing address (422)", async () => {
    const token = await kit.cardToken(TEST_CARDS.approve);
    const body = { card_token: token, name_holder: "Ada Lovelace", billing_address: ADDRESS };
    expect(
      (
        await kit.call({
          method: "POST",
          url: "/settings/create-customer-payment-profile/card",
          payload: body,
        })
      ).statusCode,
    ).toBe(201);
    const reused = await kit.call({
      method: "POST",
      url: "/settings/create-customer-payment-profile/card",
      payload: body,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.card_token).toBeDefined();
    const noAddress = await kit.call({
      method: "POST",
      url: "/settings/create-customer-payment-profile/card",
      payload: { card_token: token, name_holder: "Ada" },
    });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().errors.billing_address).toBeDefined();
  });
});
