import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { backfillCustomerKeys } from "../src/compliance/walk-in-keys";
import { orders, screeningHits, senders } from "../src/db/schema/index";
import { appForThisFile } from "./helper";
import { type Agent, isoDaysFromNow, type WalkInKit, walkInKit } from "./walk-in-support";

// Issue 20 point 6: an agent's walk-in customer needs an identity document on the sender from
// 3,000 USD a day (the default), counted over the last 24 hours across every agent that serves the
// customer, who is recognised by document, by name and date of birth, or by name and phone.
const app = appForThisFile();
let kit: WalkInKit;
let first: Agent;
let second: Agent;
let counter = 0;

const REFUSAL =
  "From 3,000 USD a day, a walk-in customer must show an identity document. Add it to the sender and try again.";

/** A new customer's name and phone, so no two tests share one. */
function customer() {
  counter += 1;
  return {
    first_name: "Rosa",
    last_name: `Quispe${"abcdefghij"[counter % 10]}${"klmnopqrst"[Math.floor(counter / 10) % 10]}`,
    phone_prefix: "+52",
    phone_number: `55${String(10_000_000 + counter * 7919).slice(-8)}`,
  };
}

beforeAll(async () => {
  kit = await walkInKit(app);
  first = await kit.registerAgent();
  second = await kit.registerAgent();
});

describe("the day's threshold across agents", () => {
  it("below the threshold, a walk-in customer buys without a document", async () => {
    const sender = await kit.basicSender(first, customer());
    await kit.pastOrder(first, sender, 250_000n);
    const quotation = await kit.readyGiftCard(first, sender, "100.00");
    const bought = await kit.buy(first, quotation);
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it("crossing it with another agent's orders is refused without a document, and accepted once one is added", async () => {
    const person = customer();
    const atFirst = await kit.basicSender(first, person);
    // The second agent types the name in another order and case: the same customer by name and phone.
    const atSecond = await kit.basicSender(second, {
      ...person,
      first_name: person.last_name.toUpperCase(),
      last_name: person.first_name,
    });
    await kit.pastOrder(first, atFirst, 295_000n);

    const refused = await kit.quoteGiftCard(second, atSecond, "50.00");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.sender_id).toEqual([REFUSAL]);
    const spanish = await kit.quoteGiftCard(second, atSecond, "50.00", "es");
    expect(spanish.json().errors.sender_id[0]).toMatch(/^Desde 3\.000 USD al día, un cliente sin cuenta/);
    // Well below alone, the first agent's own sender is refused too: the day is the customer's.
    expect((await kit.quoteGiftCard(first, atFirst, "50.00")).statusCode).toBe(422);

    const edited = await kit.call(second, "PUT", `/gift-cards/senders/${atSecond}`, {
      ...person,
      ...kit.passportOf("G7001001"),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.document_number).toBe("G7001001");
    const quotation = await kit.readyGiftCard(second, atSecond, "50.00");
    const bought = await kit.buy(second, quotation);
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it("the transaction checks again: a quotation made below the threshold is refused once the day has grown", async () => {
    const person = customer();
    const atFirst = await kit.basicSender(first, person);
    const atSecond = await kit.basicSender(second, person);
    const quotation = await kit.readyGiftCard(second, atSecond, "100.00");
    await kit.pastOrder(first, atFirst, 290_000n);
    const refused = await kit.buy(second, quotation);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.sender_id).toEqual([REFUSAL]);
    const placed = await app.db.select().from(orders).where(eq(orders.quotationId, quotation));
    expect(placed).toHaveLength(0);
  });

  it("orders older than 24 hours no longer count: the next day starts again", async () => {
    const person = customer();
    const atFirst = await kit.basicSender(first, person);
    const atSecond = await kit.basicSender(second, person);
    await kit.pastOrder(first, atFirst, 295_000n, 25);
    await kit.pastOrder(second, atSecond, 200_000n, 23);
    const quotation = await kit.readyGiftCard(second, atSecond, "100.00");
    expect((await kit.buy(second, quotation)).statusCode).toBe(201);
  });

  it("refunded or failed orders do not count", async () => {
    const person = customer();
    const atFirst = await kit.basicSender(first, person);
    await kit.pastOrder(first, atFirst, 295_000n);
    await app.db.update(orders).set({ status: "refunded" }).where(eq(orders.senderId, atFirst));
    expect((await kit.quoteGiftCard(first, atFirst, "100.00")).statusCode).toBe(201);
  });
});

describe("recognising the customer", () => {
  it("by document across agents, whatever the name typed", async () => {
    const atFirst = await kit.basicSender(first, { ...customer(), ...kit.passportOf("G8001001") });
    // Another name, another phone, the same passport written with a space: the same customer.
    const atSecond = await kit.basicSender(second, {
      ...customer(),
      first_name: "Rosa María",
      ...kit.passportOf("g800 1001"),
    });
    await kit.pastOrder(first, atFirst, 295_000n);
    // With a valid document captured the second agent may go on ...
    expect((await kit.quoteGiftCard(second, atSecond, "100.00")).statusCode).toBe(201);
    // ... and once it has expired, the document no longer counts as captured.
    await kit.expireDocument(atSecond);
    const refused = await kit.quoteGiftCard(second, atSecond, "100.00");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.sender_id).toEqual([REFUSAL]);
    // A stranger with another passport at the same agent is not touched.
    const stranger = await kit.basicSender(second, customer());
    expect((await kit.quoteGiftCard(second, stranger, "100.00")).statusCode).toBe(201);
  });

  it("by name and date of birth across agents (accents and order do not count)", async () => {
    const born = "1980-04-12";
    const atFirst = await kit.fullSender(first, {
      first_name: "José Luis",
      last_name: "Ñúñez Ortega",
      date_of_birth: born,
      ...kit.passportOf("N1000001"),
    });
    const atSecond = await kit.fullSender(second, {
      first_name: "Jose Luis Nunez",
      last_name: "ORTEGA",
      date_of_birth: born,
      ...kit.passportOf("N2000002"),
    });
    await kit.expireDocument(atSecond);
    await kit.pastOrder(first, atFirst, 295_000n);
    const refused = await kit.quoteGiftCard(second, atSecond, "100.00");
    expect(refused.statusCode, refused.body).toBe(422);
    // Another birth date is another person.
    const namesake = await kit.fullSender(second, {
      first_name: "José Luis",
      last_name: "Núñez Ortega",
      date_of_birth: "1981-04-12",
      ...kit.passportOf("N3000003"),
    });
    await kit.expireDocument(namesake);
    expect((await kit.quoteGiftCard(second, namesake, "100.00")).statusCode).toBe(201);
  });

  it("keys follow an edit: a name changed to another customer's joins that customer's day", async () => {
    const person = customer();
    const atFirst = await kit.basicSender(first, person);
    await kit.pastOrder(first, atFirst, 295_000n);
    const other = await kit.basicSender(second, customer());
    expect((await kit.quoteGiftCard(second, other, "100.00")).statusCode).toBe(201);
    const renamed = await kit.call(second, "PUT", `/gift-cards/senders/${other}`, person);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await kit.quoteGiftCard(second, other, "100.00")).statusCode).toBe(422);
  });
});

describe("requests fired together", () => {
  it("two agents buying for one customer at once: the day holds, exactly one passes", async () => {
    for (let round = 0; round < 4; round += 1) {
      const person = customer();
      const atFirst = await kit.basicSender(first, person);
      const atSecond = await kit.basicSender(second, person);
      await kit.pastOrder(first, atFirst, 285_000n);
      // 2,850 + 100 fits alone (2,950); 2,850 + 100 + 100 reaches 3,000.
      const [one, two] = [
        await kit.readyGiftCard(first, atFirst, "100.00"),
        await kit.readyGiftCard(second, atSecond, "100.00"),
      ];
      const answers = await Promise.all([kit.buy(first, one), kit.buy(second, two)]);
      expect(
        answers.map((answer) => answer.statusCode).sort(),
        answers.map((a) => a.body).join("\n"),
      ).toEqual([201, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)!.json().errors.sender_id).toEqual([REFUSAL]);
      const placed = await app.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.senderId, [atFirst, atSecond]), inArray(orders.quotationId, [one, two])));
      expect(placed).toHaveLength(1);
    }
  });
});

describe("the short form's document", () => {
  it("is all four fields or none, and checked as the consignment form's", async () => {
    const partial = await kit.call(first, "POST", "/gift-cards/senders", {
      ...customer(),
      document_number: "G9001001",
    });
    expect(partial.statusCode).toBe(422);
    expect(Object.keys(partial.json().errors).sort()).toEqual([
      "document_country_id",
      "document_expires_on",
      "document_type_id",
    ]);
    const spanish = await app.inject({
      method: "POST",
      url: "/api/gift-cards/senders",
      headers: { authorization: `Bearer ${first.token}`, language: "es" },
      payload: { ...customer(), document_number: "G9001001" },
    });
    expect(spanish.json().errors.document_type_id).toEqual(["Completa el documento de identidad."]);
    const expired = await kit.call(first, "POST", "/gift-cards/senders", {
      ...customer(),
      ...kit.passportOf("G9001002", isoDaysFromNow(-3)),
    });
    expect(expired.statusCode).toBe(422);
    expect(Object.keys(expired.json().errors)).toEqual(["document_expires_on"]);
    const unknown = await kit.call(first, "POST", "/gift-cards/senders", {
      ...customer(),
      ...kit.passportOf("G9001003"),
      document_type_id: 999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(["document_type_id"]);
  });

  it("an edit without the document keeps the one on file; another agent's sender is not found", async () => {
    const person = customer();
    const id = await kit.basicSender(first, { ...person, ...kit.passportOf("G9002001") });
    const edited = await kit.call(first, "PUT", `/gift-cards/senders/${id}`, {
      ...person,
      first_name: "Rosita",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ first_name: "Rosita", document_number: "G9002001" });
    const foreign = await kit.call(second, "PUT", `/gift-cards/senders/${id}`, person);
    expect(foreign.statusCode).toBe(404);
  });

  it("senders saved before keys existed get them from the backfill (run when the app starts)", async () => {
    const id = await kit.basicSender(first, { ...customer(), ...kit.passportOf("G9004001") });
    const [before] = await app.db.select().from(senders).where(eq(senders.id, id));
    await app.db.update(senders).set({ customerKeys: [] }).where(eq(senders.id, id));
    expect(await backfillCustomerKeys(app.db, 2)).toBeGreaterThanOrEqual(1);
    const [after] = await app.db.select().from(senders).where(eq(senders.id, id));
    expect(after!.customerKeys).toEqual(before!.customerKeys);
    expect(await backfillCustomerKeys(app.db)).toBe(0);
  });

  it("keys are hashes: the document number is not repeated in them", async () => {
    const id = await kit.basicSender(first, { ...customer(), ...kit.passportOf("G9003001") });
    const [row] = await app.db.select().from(senders).where(eq(senders.id, id));
    expect(row!.customerKeys).toHaveLength(2);
    for (const key of row!.customerKeys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("screening", () => {
  it("an edit to a listed name is screened again", async () => {
    const person = customer();
    const id = await kit.basicSender(first, person);
    const renamed = await kit.call(first, "PUT", `/reload-phones/senders/${id}`, {
      ...person,
      first_name: "Marisol",
      last_name: "Quintero Blanco",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const hits = await app.db
      .select()
      .from(screeningHits)
      .where(and(eq(screeningHits.subjectKind, "sender"), eq(screeningHits.subjectId, id)));
    expect(hits.length).toBeGreaterThan(0);
    expect(renamed.json().data.services).toEqual(["gift-cards", "reload-phones"]);
  });
});
