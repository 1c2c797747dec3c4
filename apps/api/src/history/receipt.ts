import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { moneyText, rateText } from "@vela/shared/money";
import type { OrderDetails } from "@vela/shared/orders";
import PDFDocument from "pdfkit";

/*
 * The receipt PDF (spec §7 orders/generate/{id}): what was paid, at which rate and fees, to whom,
 * the tracking number, the dates and where the order stands. PDF's standard Helvetica covers only
 * Latin-1, so a recipient named "Łukasz Wiśniewski" or "Дарья" would print as garbage: the text
 * is set in DejaVu Sans (from the dejavu-fonts-ttf package), embedded as a subset.
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The two faces, read once on the first receipt. */
function receiptFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

const INK = "#1a1b1e";
const MUTED = "#5c5f66";
const RULE = "#dee2e6";
const ACCENT = "#1c5fb8";

/** "credit-and-debit-card-methods" → "Credit and debit card methods". */
const slugText = (slug: string) => {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const day = (iso: string | null) =>
  iso ? `${new Date(iso).toISOString().replace("T", " ").slice(0, 16)} UTC` : "—";

/** The delivery details the order kept (label → value, account numbers already masked). */
function deliveryLines(recipient: Record<string, unknown> | null): [string, string][] {
  const delivery = recipient?.delivery;
  if (delivery === null || typeof delivery !== "object" || Array.isArray(delivery)) return [];
  return Object.entries(delivery as Record<string, unknown>)
    .filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    )
    .map(([label, value]) => [label, String(value)]);
}

export type ReceiptRow = [label: string, value: string, strong?: boolean];
export type ReceiptSection = { heading: string | null; rows: ReceiptRow[] };

/**
 * What the receipt says, section by section, apart from how it is drawn. Amounts and the rate go
 * through the one formatter (packages/shared/src/money.ts), as on the screens; an order that
 * converted nothing (a deposit into a wallet of its own currency) has no rate line.
 */
export function receiptSections(details: OrderDetails): ReceiptSection[] {
  const from = details.currency_from_iso;
  const to = details.currency_to_iso;
  const summary: ReceiptRow[] = [
    ["Service", details.service_name],
    ["Reference", details.ref, true],
    ["Tracking number", details.tracking_number, true],
    ["Status", details.status_label, true],
  ];
  if (details.status_reason) summary.push(["Status detail", details.status_reason]);
  summary.push(["Placed on", day(details.created_at)], ["Expected arrival", day(details.arrive)]);
  if (details.pickup_reference) summary.push(["Pickup reference", details.pickup_reference, true]);

  const amounts: ReceiptRow[] = [
    ["Amount sent", moneyText(details.send_amount, from)],
    ["Vela fee", moneyText(details.vela_fee_amount, from)],
  ];
  if (Number(details.external_fee_amount) !== 0)
    amounts.push(["Third-party fees", moneyText(details.external_fee_amount, from)]);
  if (Number(details.discount) !== 0) amounts.push(["Discount", `−${moneyText(details.discount, from)}`]);
  amounts.push(["Total paid", moneyText(details.amount_paid, from), true]);
  const rate = rateText(from, to, details.rate);
  if (rate) amounts.push(["Exchange rate", `${rate}${details.guaranteed_rate ? " (guaranteed)" : ""}`]);
  amounts.push(
    ["Recipient gets", moneyText(details.receiving_amount, to), true],
    ["Payment method", slugText(details.payment_method)],
  );

  const recipient: ReceiptRow[] = [["Name", details.recipient_name ?? "—", true]];
  const country = details.recipient?.country_iso;
  if (typeof country === "string") recipient.push(["Country", country]);
  recipient.push(["Delivery method", details.delivery_method || "—"]);
  if (details.processing_time) recipient.push(["Transfer time", details.processing_time]);
  recipient.push(...deliveryLines(details.recipient));

  return [
    { heading: null, rows: summary },
    { heading: "Amounts", rows: amounts },
    { heading: "Recipient", rows: recipient },
    ...(details.sender_name
      ? [{ heading: "Sender", rows: [["Name", details.sender_name] as ReceiptRow] }]
      : []),
    {
      heading: "Status history",
      rows: details.timeline.map(
        (step): ReceiptRow => [day(step.at), step.reason ? `${step.label} — ${step.reason}` : step.label],
      ),
    },
  ];
}

/** Renders the receipt of one order into a PDF buffer. */
export function renderReceipt(details: OrderDetails, generatedAt = new Date()): Promise<Buffer> {
  const { regular, bold } = receiptFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: {
      Title: `Vela receipt ${details.ref}`,
      Subject: `${details.service_name} ${details.ref}, tracking number ${details.tracking_number}`,
      Author: "Vela",
      Keywords: `${details.ref} ${details.tracking_number}`,
    },
  });
  doc.registerFont("body", regular);
  doc.registerFont("bold", bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const valueX = left + width * 0.45;

  const rule = () => {
    const y = doc.y + 6;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 10;
  };
  const heading = (title: string) => {
    doc.moveDown(0.6).font("bold").fontSize(12).fillColor(ACCENT).text(title, left, doc.y);
    rule();
  };
  const row = (label: string, value: string, strong = false) => {
    const y = doc.y;
    doc
      .font("body")
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, left, y, { width: valueX - left - 12 });
    const labelBottom = doc.y;
    doc
      .font(strong ? "bold" : "body")
      .fontSize(10)
      .fillColor(INK)
      .text(value, valueX, y, { width: left + width - valueX });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };

  doc.font("bold").fontSize(22).fillColor(ACCENT).text("Vela", left, doc.y);
  doc.font("body").fontSize(14).fillColor(INK).text(`Receipt — ${details.service_name}`);
  doc
    .font("body")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Generated ${day(generatedAt.toISOString())}`);
  rule();

  for (const section of receiptSections(details)) {
    if (section.heading) heading(section.heading);
    for (const [label, value, strong] of section.rows) row(label, value, strong);
  }

  doc
    .moveDown(1.5)
    .font("body")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Follow this transfer at any time on the Vela tracking page with the tracking number ${details.tracking_number}. ` +
        "Keep this receipt for your records.",
      left,
      doc.y,
      { width },
    );

  doc.end();
  return done;
}
