import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { quotations } from "../src/db/schema/index";
import { InvalidDataError } from "../src/http/errors";
import { appForThisFile } from "./helper";
import { type OrderKit, orderKit } from "./orders-support";
import { type Agent, type WalkInKit, walkInKit } from "./walk-in-support";

// The walk-in threshold comes from WALK_IN_ID_THRESHOLD_USD (here 500 USD instead of 3,000), and a
// transfer (consignments: add-sender and the transaction) is held to it like a purchase.
const app = appForThisFile({ WALK_IN_ID_THRESHOLD_USD: "500" });
let kit: WalkInKit;
let transfers: OrderKit;
let first: Agent;
let second: Agent;

beforeAll(async () => {
  kit = await walkInKit(app);
  transfers = await orderKit(app);
  first = await kit.registerAgent();
  second = await kit.registerAgent();
});

const person = (lastName: string) => ({
  first_name: "Teodoro",
  last_name: lastName,
  phone_prefix: "+52",
  phone_number: `55${String(lastName.length * 1_234_567)
    .padStart(8, "1")
    .slice(-8)}`,
});

describe("WALK_IN_ID_THRESHOLD_USD", () => {
  it("moves the threshold: 350 + 100 passes, 450 + 100 is refused with the configured amount", async () => {
    const below = await kit.basicSender(first, person("Alvarado"));
    await kit.pastOrder(first, below, 35_000n);
    expect((await kit.quoteGiftCard(first, below, "100.00")).statusCode).toBe(201);

    const above = await kit.basicSender(first, person("Benavides"));
    const other = await kit.basicSender(second, person("Benavides"));
    await kit.pastOrder(second, other, 45_000n);
    const refused = await kit.quoteGiftCard(first, above, "100.00");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.sender_id).toEqual([
      "From 500 USD a day, a walk-in customer must show an identity document. Add it to the sender and try again.",
    ]);
  });
});

describe("transfers", () => {
  it("add-sender and the transaction refuse an agent's sender without a valid document past the threshold", async () => {
    const customer = {
      first_name: "Inés",
      last_name: "Carranza",
      date_of_birth: "1975-02-03",
    };
    const atFirst = await kit.fullSender(first, { ...customer, ...kit.passportOf("C1000001") });
    const atSecond = await kit.fullSender(second, { ...customer, ...kit.passportOf("C2000002") });
    await kit.expireDocument(atSecond);

    const quoted = await transfers.call({
      method: "POST",
      url: "/consignments/quotation",
      token: second.token,
      payload: {
        country_from_id: transfers.ids.US,
        country_to_id: transfers.ids.MX,
        currency_from_id: transfers.ids.USD,
        currency_to_id: transfers.ids.MXN,
        shipping_method_id: transfers.methods["bank-deposit"],
        send_amount: "200.00",
      },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quotationId = quoted.json().data.id as number;
    const addSender = () =>
      transfers.call({
        method: "PUT",
        url: `/consignments/quotation/${quotationId}/add-sender`,
        token: second.token,
        payload: { sender_id: atSecond },
      });
    // A consignment sender always needs a valid document at add-sender (its own rule, before the day's).
    const named = await addSender();
    expect(named.statusCode).toBe(422);
    expect(named.json().errors.sender_id[0]).toMatch(/expired/);

    // Named while its document was valid, the document then runs out and the customer's day grows.
    await app.db.update(quotations).set({ senderId: atSecond }).where(eq(quotations.id, quotationId));
    const recipient = await transfers.call({
      method: "POST",
      url: "/recipients",
      token: second.token,
      payload: transfers.mxRecipient({ last_name: "López" }),
    });
    expect(recipient.statusCode, recipient.body).toBe(201);
    const chosen = await transfers.call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-recipient`,
      token: second.token,
      payload: { recipient_id: recipient.json().data.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await transfers.choosePaymentMethod(quotationId, "card", second.token);
    await kit.pastOrder(first, atFirst, 35_000n);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotationId));
    const payment = await transfers.paymentRow(row!);
    const placing = transfers.placeQuietly(row!, payment.id);
    await expect(placing).rejects.toBeInstanceOf(InvalidDataError);
    await expect(placing).rejects.toMatchObject({
      errors: {
        sender_id: [
          "From 500 USD a day, a walk-in customer must show an identity document. Add it to the sender and try again.",
        ],
      },
    });
  });
});
