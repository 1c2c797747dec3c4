import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Language } from "@vela/shared/api";
import { utcDateTimeText } from "@vela/shared/dates";
import { moneyText, rateText } from "@vela/shared/money";
import type { OrderDetails } from "@vela/shared/orders";
import PDFDocument from "pdfkit";
import { localizeDisplay } from "../display/display-text";
import { findCatalogueMethodBySlug, paymentMethodName } from "../payments/methods";

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

/** The receipt's own words, English and Spanish (the order's data is translated by localizeDisplay). */
const WORDS = {
  service: ["Service", "Servicio"],
  reference: ["Reference", "Referencia"],
  tracking: ["Tracking number", "Número de seguimiento"],
  status: ["Status", "Estado"],
  statusDetail: ["Status detail", "Detalle del estado"],
  placedOn: ["Placed on", "Fecha del pedido"],
  expected: ["Expected arrival", "Llegada prevista"],
  pickup: ["Pickup reference", "Referencia de retiro"],
  amounts: ["Amounts", "Importes"],
  sent: ["Amount sent", "Importe enviado"],
  fee: ["Vela fee", "Comisión de Vela"],
  thirdParty: ["Third-party fees", "Comisiones de terceros"],
  discount: ["Discount", "Descuento"],
  total: ["Total paid", "Total pagado"],
  rate: ["Exchange rate", "Tipo de cambio"],
  guaranteed: [" (guaranteed)", " (garantizado)"],
  gets: ["Recipient gets", "El destinatario recibe"],
  method: ["Payment method", "Método de pago"],
  recipient: ["Recipient", "Destinatario"],
  name: ["Name", "Nombre"],
  country: ["Country", "País"],
  delivery: ["Delivery method", "Método de entrega"],
  time: ["Transfer time", "Tiempo de envío"],
  sender: ["Sender", "Remitente"],
  history: ["Status history", "Historial del estado"],
  receipt: ["Receipt", "Comprobante"],
  generated: ["Generated", "Generado el"],
} as const satisfies Record<string, readonly [string, string]>;
const wordsIn = (language: Language) =>
  Object.fromEntries(
    Object.entries(WORDS).map(([key, pair]) => [key, pair[language === "es" ? 1 : 0]]),
  ) as Record<keyof typeof WORDS, string>;

/** A payment method's name by its slug, in the receipt's language ("credit-and-debit-card-methods"). */
const methodText = (slug: string, language: Language) => {
  const method = findCatalogueMethodBySlug(slug);
  if (method) return paymentMethodName(slug, method.method.name, language);
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const day = (iso: string | null) => (iso ? utcDateTimeText(iso) : "—");

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
export function receiptSections(order: OrderDetails, language: Language = "en"): ReceiptSection[] {
  const details = localizeDisplay(order, language);
  const w = wordsIn(language);
  const locale = language;
  const from = details.currency_from_iso;
  const to = details.currency_to_iso;
  const summary: ReceiptRow[] = [
    [w.service, details.service_name],
    [w.reference, details.ref, true],
    [w.tracking, details.tracking_number, true],
    [w.status, details.status_label, true],
  ];
  if (details.status_reason) summary.push([w.statusDetail, details.status_reason]);
  summary.push([w.placedOn, day(details.created_at)], [w.expected, day(details.arrive)]);
  if (details.pickup_reference) summary.push([w.pickup, details.pickup_reference, true]);

  const amounts: ReceiptRow[] = [
    [w.sent, moneyText(details.send_amount, from, locale)],
    [w.fee, moneyText(details.vela_fee_amount, from, locale)],
  ];
  if (Number(details.external_fee_amount) !== 0)
    amounts.push([w.thirdParty, moneyText(details.external_fee_amount, from, locale)]);
  if (Number(details.discount) !== 0)
    amounts.push([w.discount, `−${moneyText(details.discount, from, locale)}`]);
  amounts.push([w.total, moneyText(details.amount_paid, from, locale), true]);
  const rate = rateText(from, to, details.rate, locale);
  if (rate) amounts.push([w.rate, `${rate}${details.guaranteed_rate ? w.guaranteed : ""}`]);
  amounts.push(
    [w.gets, moneyText(details.receiving_amount, to, locale), true],
    [w.method, methodText(details.payment_method, language)],
  );

  const recipient: ReceiptRow[] = [[w.name, details.recipient_name ?? "—", true]];
  const country = details.recipient?.country_iso;
  if (typeof country === "string") recipient.push([w.country, country]);
  recipient.push([w.delivery, details.delivery_method || "—"]);
  if (details.processing_time) recipient.push([w.time, details.processing_time]);
  recipient.push(...deliveryLines(details.recipient));

  return [
    { heading: null, rows: summary },
    { heading: w.amounts, rows: amounts },
    { heading: w.recipient, rows: recipient },
    ...(details.sender_name
      ? [{ heading: w.sender, rows: [[w.name, details.sender_name] as ReceiptRow] }]
      : []),
    {
      heading: w.history,
      rows: details.timeline.map(
        (step): ReceiptRow => [day(step.at), step.reason ? `${step.label} — ${step.reason}` : step.label],
      ),
    },
  ];
}

/** Renders the receipt of one order into a PDF buffer. */
export function renderReceipt(
  order: OrderDetails,
  language: Language = "en",
  generatedAt = new Date(),
): Promise<Buffer> {
  const details = localizeDisplay(order, language);
  const w = wordsIn(language);
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
  doc.font("body").fontSize(14).fillColor(INK).text(`${w.receipt} — ${details.service_name}`);
  doc
    .font("body")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${w.generated} ${day(generatedAt.toISOString())}`);
  rule();

  for (const section of receiptSections(order, language)) {
    if (section.heading) heading(section.heading);
    for (const [label, value, strong] of section.rows) row(label, value, strong);
  }

  doc
    .moveDown(1.5)
    .font("body")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      language === "es"
        ? `Siga este pedido cuando quiera en la página de seguimiento de Vela con el número ${details.tracking_number}. ` +
            "Guarde este comprobante."
        : `Follow this order at any time on the Vela tracking page with the tracking number ${details.tracking_number}. ` +
            "Keep this receipt for your records.",
      left,
      doc.y,
      { width },
    );

  doc.end();
  return done;
}
