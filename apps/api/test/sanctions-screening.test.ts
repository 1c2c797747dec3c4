import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { decideHit } from "../src/compliance/sanctions/decide";
import { DEV_LIST_DIR, importSanctionsList, loadDevListIfEmpty } from "../src/compliance/sanctions/import";
import { SANCTIONS_MESSAGES } from "../src/compliance/sanctions/messages";
import { listHits } from "../src/compliance/sanctions/repository";
import { parseSdnFiles } from "../src/compliance/sanctions/sdn-format";
import { matchName } from "../src/compliance/sanctions/service";
import {
  journalEntries,
  orderStatusHistory,
  orders,
  quotations,
  sanctionsEntries,
  sanctionsListVersions,
  sanctionsNames,
  screeningHits,
} from "../src/db/schema/index";
import { localizeDisplay } from "../src/display/display-text";
import { ConflictError } from "../src/http/errors";
import type { JobOptions, JobQueue } from "../src/jobs/queue";
import { balanceOf } from "../src/ledger/ledger";
import { advanceOrder, type OrderJobDeps, resumeHeldOrder } from "../src/orders/jobs";
import { ADVANCE_JOB } from "../src/orders/service";
import { orderReference } from "../src/orders/transition";
import type { Providers } from "../src/plugins/providers";
import type { PayoutState } from "../src/providers/payouts/payout-partner";
import { clientBody, postClientRegistration } from "./auth-support";
import { appForThisFile, clearingAccount } from "./helper";
import {
  expectLedgerReconciled,
  instantPaymentLifecycle,
  type OrderKit,
  orderKit,
  statusHistoryOf,
} from "./orders-support";

// Sanctions screening (issue 20, point 4): the OFAC SDN files imported, names matched from the
// list's phonetic keys, parties screened at creation, paid transfers held on a hit, and a person's
// decision releasing or refunding them exactly once. Orders are moved by advanceOrder with a
// scripted payout partner and a queue that only records (orders-advance.test.ts does the same).
let kit: OrderKit;

const app = appForThisFile();

beforeAll(async () => {
  kit = await orderKit(app);
});

/** Scripted dependencies: payouts paid at once, payments captured and refunded at once, jobs recorded. */
function fakeDeps() {
  const sent: { name: string; data: Record<string, unknown>; options?: JobOptions }[] = [];
  const refunds: number[] = [];
  const jobs: JobQueue = {
    send: async (name, data, options) => {
      sent.push({ name, data, ...(options ? { options } : {}) });
    },
    work: async () => {},
  };
  const paid: PayoutState = {
    payoutId: "PO-S",
    partner: "scripted",
    status: "paid",
    pickupReference: null,
    failureCode: null,
    failureMessage: null,
  };
  const providers = {
    ...app.providers,
    payouts: { name: "scripted", submit: async () => paid, getPayout: async () => paid },
  } satisfies Providers;
  const deps: OrderJobDeps = {
    db: app.db,
    providers,
    jobs,
    payments: instantPaymentLifecycle((id) => refunds.push(id)),
    pollSeconds: 5,
  };
  return { deps, jobs, sent, refunds };
}

/** A card-priced quotation from the owner's own profile to a new MX recipient of this name. */
async function quotationTo(first: string, last: string) {
  const quotation = await kit.readyQuotation({ withRecipient: false, payBy: "none" });
  const recipient = await kit.call({
    method: "POST",
    url: "/recipients",
    payload: kit.mxRecipient({ first_name: first, last_name: last }),
  });
  expect(recipient.statusCode, recipient.body).toBe(201);
  const recipientId = recipient.json().data.id as number;
  await chooseRecipient(quotation.id, recipientId);
  await kit.choosePaymentMethod(quotation.id, "card");
  const [priced] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
  return { quotation: priced!, recipientId };
}

async function chooseRecipient(quotationId: number, recipientId: number) {
  const chosen = await kit.call({
    method: "PUT",
    url: `/consignments/quotation/${quotationId}/add-recipient`,
    payload: { recipient_id: recipientId },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
}

/** Another quotation to an existing recipient. */
async function quotationToRecipient(recipientId: number) {
  const quotation = await kit.readyQuotation({ withRecipient: false, payBy: "none" });
  await chooseRecipient(quotation.id, recipientId);
  await kit.choosePaymentMethod(quotation.id, "card");
  return (await app.db.select().from(quotations).where(eq(quotations.id, quotation.id)))[0]!;
}

async function placedOrder(quotation: Awaited<ReturnType<OrderKit["readyQuotation"]>>) {
  const payment = await kit.paymentRow(quotation);
  const order = await kit.placeQuietly(quotation, payment.id);
  return { orderId: order.id, paymentId: payment.id };
}

const orderRow = async (orderId: number) =>
  (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

const orderEntries = (orderId: number) =>
  app.db
    .select({ kind: journalEntries.kind })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.reference, orderReference(orderId)),
        like(journalEntries.idempotencyKey, `${orderReference(orderId)}:%`),
      ),
    )
    .orderBy(journalEntries.id);

const hitsOfRecipient = (recipientId: number) =>
  app.db
    .select()
    .from(screeningHits)
    .where(and(eq(screeningHits.subjectKind, "recipient"), eq(screeningHits.subjectId, recipientId)))
    .orderBy(screeningHits.id);

describe("the list", () => {
  it("is loaded from the shipped development list when the app starts on an empty one", async () => {
    const [version] = await app.db.select().from(sanctionsListVersions);
    expect(version).toMatchObject({ status: "active", entries: 20, names: 35 });
    expect(await loadDevListIfEmpty(app.db)).toBe(false);
  });

  it("parses OFAC's format: no header, -0- for empty, aliases and addresses by ent_num, a Ctrl-Z at the end", () => {
    const entries = parseSdnFiles({
      sdn: '10,"DOE, John","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."\n11,"SEA STAR","vessel","IRAN",-0- ,"ABC1","Tanker",-0- ,-0- ,"Panama",-0- ,-0- \n12,"ACME TRADING, LTD.",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n\u001a',
      alt: '10,1,"aka","DOE, Johnny",-0- \n11,2,"fka","OCEAN STAR",-0- \n',
      add: '12,3,"1 Main St","Dubai","United Arab Emirates",-0- \n',
    });
    expect(entries).toEqual([
      {
        uid: 10,
        name: "DOE, John",
        type: "individual",
        programs: "SDGT",
        remarks: "DOB 1970.",
        aliases: [{ kind: "aka", name: "DOE, Johnny" }],
        addresses: [],
      },
      {
        uid: 11,
        name: "SEA STAR",
        type: "vessel",
        programs: "IRAN",
        remarks: null,
        aliases: [{ kind: "fka", name: "OCEAN STAR" }],
        addresses: [],
      },
      {
        uid: 12,
        name: "ACME TRADING, LTD.",
        type: "entity",
        programs: "SDGT",
        remarks: null,
        aliases: [],
        addresses: ["1 Main St, Dubai, United Arab Emirates"],
      },
    ]);
    expect(() => parseSdnFiles({ sdn: entriesOk, alt: '99,1,"aka","NOBODY",-0- ' })).toThrow(
      /not in sdn.csv/,
    );
  });

  it("imports the shipped files as a new version, with aliases, replacing the old one whole", async () => {
    const before = (await app.db.select().from(sanctionsListVersions))[0]!;
    const report = await importSanctionsList(app.db, { dir: DEV_LIST_DIR });
    expect(report).toMatchObject({ entries: 20, names: 35 });
    expect(report.versionId).not.toBe(before.id);
    const versions = await app.db.select().from(sanctionsListVersions);
    expect(versions.map((version) => [version.id, version.status])).toEqual([[report.versionId, "active"]]);
    const [vessel] = await app.db.select().from(sanctionsEntries).where(eq(sanctionsEntries.uid, 900006));
    expect(vessel).toMatchObject({ name: "NORTHERN GANNET", type: "vessel" });
    const kovalenko = await app.db
      .select({ kind: sanctionsNames.kind, name: sanctionsNames.name, normalized: sanctionsNames.normalized })
      .from(sanctionsNames)
      .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsNames.entryId))
      .where(eq(sanctionsEntries.uid, 900005))
      .orderBy(sanctionsNames.id);
    expect(kovalenko).toEqual([
      { kind: "primary", name: "KOVALENKO, Dmytro Serhiyovych", normalized: "DMYTRO SERHIYOVYCH KOVALENKO" },
      { kind: "fka", name: "KOWALENKO, Dmitri", normalized: "DMITRI KOWALENKO" },
    ]);
  });

  it("keeps the old list when an import fails part way", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "vela-sdn-"));
    try {
      await writeFile(path.join(dir, "sdn.csv"), entriesOk);
      await writeFile(path.join(dir, "alt.csv"), '1,1,"aka","ONE ALIAS",-0- \n');
      const small = await importSanctionsList(app.db, { dir });
      expect(small).toMatchObject({ entries: 1, names: 2 });
      expect((await matchName(app.db, "Marisol Quintero Blanco")).matches).toEqual([]);
      await writeFile(path.join(dir, "alt.csv"), '77,1,"aka","NOT LISTED",-0- \n');
      await expect(importSanctionsList(app.db, { dir })).rejects.toThrow(/not in sdn.csv/);
      expect((await app.db.select().from(sanctionsListVersions))[0]!.id).toBe(small.versionId);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await importSanctionsList(app.db, { dir: DEV_LIST_DIR });
    }
  });

  it("finds listed names from their keys: reordered, without accents, misspelt, by alias; not others", async () => {
    const uidsOf = async (name: string) => (await matchName(app.db, name)).matches.map((m) => m.entryUid);
    expect(await uidsOf("Jose Angel Penaloza Rios")).toEqual([900003]);
    expect(await uidsOf("Rios Penaloza Jose")).toEqual([900003]);
    expect(await uidsOf("Marisol Quintero Blanko")).toEqual([900002]);
    expect(await uidsOf("Dmitri Kowalenko")).toEqual([900005]);
    expect(await uidsOf("Cascada Azul Inmobiliaria S.A.")).toEqual([900004]);
    expect(await uidsOf("Northern Gannet")).toEqual([900006]);
    expect(await uidsOf("Ana García")).toEqual([]);
    expect(await uidsOf("María López Hernández")).toEqual([]);
    expect(await uidsOf("Marisol López")).toEqual([]);
  });
});

const entriesOk = '1,"ONLY ONE, Person","individual","DEV",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n';

describe("screening at creation", () => {
  it("adds a matching recipient to the review queue and still creates it, saying nothing", async () => {
    const created = await kit.call({
      method: "POST",
      url: "/recipients",
      payload: kit.mxRecipient({ first_name: "José Ángel", last_name: "Peñaloza Ríos" }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toMatch(/sanction|screen|review/i);
    const hits = await hitsOfRecipient(created.json().data.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ status: "open", entryUid: 900003, orderId: null, score: "1.0000" });
  });

  it("screens a new account holder at registration: a match is queued, the account opened all the same", async () => {
    const listed = await postClientRegistration(
      app,
      await clientBody(app, { first_name: "Ernesto", last_name: "Valderrama Osorio" }),
    );
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.body).not.toMatch(/sanction|screen|review/i);
    const clear = await postClientRegistration(app, await clientBody(app, { first_name: "Lucía" }));
    expect(clear.statusCode, clear.body).toBe(201);
    const hitsOf = (id: number) =>
      app.db
        .select()
        .from(screeningHits)
        .where(and(eq(screeningHits.subjectKind, "user"), eq(screeningHits.subjectId, id)));
    const listedHits = await hitsOf(listed.json().data.user.id);
    expect(listedHits).toHaveLength(1);
    expect(listedHits[0]).toMatchObject({ status: "open", orderId: null });
    expect(await hitsOf(clear.json().data.user.id)).toEqual([]);
  });

  it("adds a matching sender to the queue; a clear name raises nothing", async () => {
    const listed = await kit.call({
      method: "POST",
      url: "/reload-phones/senders",
      payload: {
        first_name: "Gisela",
        last_name: "Mueller-Hartmann",
        phone_prefix: "+1",
        phone_number: "2025550143",
      },
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const clear = await kit.call({
      method: "POST",
      url: "/reload-phones/senders",
      payload: { first_name: "Marco", last_name: "Ruiz", phone_prefix: "+1", phone_number: "2025550144" },
    });
    expect(clear.statusCode, clear.body).toBe(201);
    const hitsOf = (id: number) =>
      app.db
        .select()
        .from(screeningHits)
        .where(and(eq(screeningHits.subjectKind, "sender"), eq(screeningHits.subjectId, id)));
    expect((await hitsOf(listed.json().data.id)).map((hit) => hit.entryUid)).toEqual([900008]);
    expect(await hitsOf(clear.json().data.id)).toEqual([]);
  });
});

describe("a transfer to a listed recipient", () => {
  let recipientId: number;

  it("is held once paid, with nothing posted for the hold and a reason in both languages", async () => {
    const { quotation, recipientId: id } = await quotationTo("Marisol", "Quintero Blanco");
    recipientId = id;
    const { orderId } = await placedOrder(quotation);
    const { deps, sent } = fakeDeps();
    expect(await advanceOrder(deps, orderId)).toBe("on_hold");
    expect(await statusHistoryOf(app, orderId)).toEqual(["created", "awaiting_payment", "paid", "on_hold"]);
    expect((await orderEntries(orderId)).map((entry) => entry.kind)).toEqual(["order.paid"]);
    const [hold] = await app.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "on_hold")));
    expect(hold!.journalEntryId).toBeNull();
    const order = await orderRow(orderId);
    expect(order.statusReason).toBe(SANCTIONS_MESSAGES.orderHeld);
    expect(localizeDisplay({ status_reason: order.statusReason }, "es").status_reason).toBe(
      "Tu envío está retenido para una revisión de cumplimiento de rutina. Te avisaremos cuando siga adelante.",
    );
    // A held order waits for a person: looking again moves nothing and polls nothing.
    expect(await advanceOrder(deps, orderId)).toBe("on_hold");
    expect(sent).toEqual([]);
    const hits = await hitsOfRecipient(recipientId);
    expect(hits.map((hit) => [hit.status, hit.orderId])).toEqual([
      ["open", null],
      ["open", orderId],
    ]);
    await expectLedgerReconciled(app);
  });

  it("is released exactly once when two reviewers clear it at the same time", async () => {
    const [held] = await app.db.select().from(orders).where(eq(orders.status, "on_hold"));
    const orderId = held!.id;
    const [hit] = await listHits(app.db, { status: "open", orderId });
    const { deps, jobs, sent } = fakeDeps();
    const decisions = await Promise.allSettled([
      decideHit(
        { db: app.db, resumeOrder: resumeHeldOrder(jobs) },
        { hitId: hit!.id, decision: "clear", reviewer: "ana", note: "Other person" },
      ),
      decideHit(
        { db: app.db, resumeOrder: resumeHeldOrder(jobs) },
        { hitId: hit!.id, decision: "clear", reviewer: "luis" },
      ),
    ]);
    expect(decisions.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = decisions.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(ConflictError);
    // The creation hit of the same recipient, entry and name is decided with it.
    expect((await hitsOfRecipient(recipientId)).map((row) => row.status)).toEqual(["cleared", "cleared"]);
    expect(sent.map((job) => [job.name, job.data])).toEqual([[ADVANCE_JOB, { orderId }]]);

    await Promise.all([advanceOrder(deps, orderId), advanceOrder(deps, orderId)]);
    expect(await statusHistoryOf(app, orderId)).toEqual([
      "created",
      "awaiting_payment",
      "paid",
      "on_hold",
      "processing",
      "sent",
      "completed",
    ]);
    expect((await orderEntries(orderId)).map((entry) => entry.kind)).toEqual(["order.paid", "order.sent"]);
    expect((await orderRow(orderId)).statusReason).toBe(SANCTIONS_MESSAGES.orderReleased);
    await expectLedgerReconciled(app);
  });

  it("is not held again on the cleared recipient's next transfer", async () => {
    const quotation = await quotationToRecipient(recipientId);
    const { orderId } = await placedOrder(quotation);
    expect(await advanceOrder(fakeDeps().deps, orderId)).toBe("completed");
    expect((await hitsOfRecipient(recipientId)).filter((hit) => hit.status === "open")).toEqual([]);
  });

  it("is screened again once the recipient is renamed, and held", async () => {
    const renamed = await kit.call({
      method: "PUT",
      url: `/recipients/${recipientId}`,
      payload: kit.mxRecipient({ first_name: "Marisol", last_name: "Quintero Blanca" }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const open = (await hitsOfRecipient(recipientId)).filter((hit) => hit.status === "open");
    expect(open.map((hit) => [hit.screenedName, hit.orderId])).toEqual([["Marisol Quintero Blanca", null]]);
    const quotation = await quotationToRecipient(recipientId);
    const { orderId } = await placedOrder(quotation);
    expect(await advanceOrder(fakeDeps().deps, orderId)).toBe("on_hold");
  });

  it("is refunded exactly when a reviewer confirms the hit", async () => {
    const { quotation, recipientId: id } = await quotationTo("Ernesto", "Valderrama Osorio");
    const clearing = await clearingAccount(app.db, quotation.currencyFromId, "card");
    const before = await balanceOf(app.db, clearing);
    const { orderId, paymentId } = await placedOrder(quotation);
    const { deps, jobs, refunds } = fakeDeps();
    expect(await advanceOrder(deps, orderId)).toBe("on_hold");
    expect(await balanceOf(app.db, clearing)).toBe(before - quotation.totalMinor);
    const [hit] = await listHits(app.db, { status: "open", orderId });
    expect(hit).toMatchObject({ subjectKind: "recipient", subjectId: id, entryUid: 900001 });
    await decideHit(
      { db: app.db, resumeOrder: resumeHeldOrder(jobs) },
      { hitId: hit!.id, decision: "confirm", reviewer: "ana" },
    );
    expect(await advanceOrder(deps, orderId)).toBe("refunded");
    expect(refunds).toEqual([paymentId]);
    expect(await balanceOf(app.db, clearing)).toBe(before);
    expect((await orderEntries(orderId)).map((entry) => entry.kind)).toEqual([
      "order.paid",
      "order.refunded",
    ]);
    expect((await orderRow(orderId)).statusReason).toBe(SANCTIONS_MESSAGES.orderRefunded);
    await expectLedgerReconciled(app);
  });
});

describe("the development review route", () => {
  it("lists open hits and decides one once", async () => {
    const listed = await app.inject({ method: "GET", url: "/api/dev/screening-hits?status=open" });
    expect(listed.statusCode, listed.body).toBe(200);
    const hit = listed.json().data[0] as { id: number; status: string };
    expect(hit.status).toBe("open");
    const cleared = await app.inject({
      method: "POST",
      url: `/api/dev/screening-hits/${hit.id}/clear`,
      payload: { reviewer: "dev" },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // The subject's other open hits for the same entry and name are decided with it.
    expect(cleared.json().data).toContainEqual(
      expect.objectContaining({ id: hit.id, status: "cleared", reviewer: "dev" }),
    );
    const again = await app.inject({
      method: "POST",
      url: `/api/dev/screening-hits/${hit.id}/confirm`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: SANCTIONS_MESSAGES.alreadyDecided });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/dev/screening-hits/999999/clear",
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});
