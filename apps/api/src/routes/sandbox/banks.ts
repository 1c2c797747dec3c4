import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/errors";
import {
  minorToDecimal,
  type SandboxBanks,
  type UnmatchedArrival,
} from "../../providers/banks/sandbox-banks";
import { escapeHtml, renderPage, sendPage } from "./page";

const TAGS = ["sandbox"];

const STATUS_TEXT = {
  received: "Received: the expected amount arrived. The payment is confirmed.",
  review: "In review: the amount differs from the one expected, so the bank holds it for review.",
  already_recorded:
    "An arrival was already recorded for this reference: this second transfer is held for review and credits nothing.",
  unmatched:
    "Unknown reference: no transfer is expected with it. The money is held for review and credits nothing.",
} as const;

const REASON_TEXT: Record<string, string> = {
  unknown_reference: "unknown reference",
  reference_used: "reference already used",
};

function heldList(held: readonly UnmatchedArrival[]) {
  if (held.length === 0) return "";
  const rows = held
    .map(
      (item) =>
        `<li data-held="${item.id}">${escapeHtml(item.reference)} — ${escapeHtml(item.amount)} (${escapeHtml(REASON_TEXT[item.reason] ?? item.reason)})</li>`,
    )
    .join("");
  return `<h2>Held for review</h2><ul class="note">${rows}</ul>`;
}

function arrivalForm(values: { reference?: string; amount?: string }, error?: string) {
  return `
<p>Pretend to be the bank: record a push transfer (wire, SWIFT, SEPA, EFT) arriving with its reference.</p>
<p class="note">Sandbox: the exact amount confirms the payment; any other amount, an unknown reference or a
reference already used goes to review (the money is held, never credited, never lost).</p>
${error ? `<p role="alert" class="note">${escapeHtml(error)}</p>` : ""}
<form method="post">
  <label for="reference">Reference</label>
  <input id="reference" name="reference" required autocomplete="off" placeholder="VLT-XXXXXXXX"
    pattern="[Vv][Ll][Tt]-[A-Za-z0-9]{8}" value="${escapeHtml(values.reference ?? "")}">
  <label for="amount">Amount received</label>
  <input id="amount" name="amount" required inputmode="decimal" autocomplete="off" placeholder="250.00"
    value="${escapeHtml(values.amount ?? "")}">
  <div class="actions"><button class="primary" type="submit">Record arrival</button></div>
</form>`;
}

/** The bank sandbox's "transfer arrives" page: GET shows the form, POST records an arrival. */
export async function sandboxBankRoutes(app: FastifyInstance, { banks }: { banks: SandboxBanks }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/sandbox/banks/arrivals",
    {
      schema: {
        tags: TAGS,
        summary: "The bank sandbox's page that records a push transfer arriving (HTML form)",
        querystring: z.object({ reference: z.string().max(40).optional() }),
        produces: ["text/html"],
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        renderPage({
          title: "Record an incoming transfer",
          brand: "Bank",
          body:
            arrivalForm({ reference: request.query.reference ?? "" }) +
            heldList(await banks.unmatchedArrivals(10)),
        }),
      ),
  );

  routes.post(
    "/sandbox/banks/arrivals",
    {
      schema: {
        tags: TAGS,
        summary:
          "Records a push transfer arriving: the exact amount is received (webhook), any other in review",
        body: z.object({ reference: z.string().trim().max(40), amount: z.string().trim().max(40) }),
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { reference, amount } = request.body;
      try {
        const result = await banks.recordArrival(reference, amount);
        const transfer = result.outcome === "unmatched" ? null : result.transfer;
        const held =
          result.outcome === "unmatched" || result.outcome === "already_recorded" ? result.held : null;
        const money = (minor: bigint | null, currency: string) =>
          minor === null ? "—" : `${minorToDecimal(minor, currency)} ${currency}`;
        const body = `
<dl>
  <dt>Reference</dt><dd>${escapeHtml(transfer?.reference ?? held?.reference ?? "")}</dd>
  ${transfer ? `<dt>Expected</dt><dd>${escapeHtml(money(transfer.expectedMinor, transfer.currency))}</dd>` : ""}
  <dt>Received</dt><dd>${escapeHtml(held ? held.amount : money(transfer?.receivedMinor ?? null, transfer?.currency ?? ""))}</dd>
  <dt>Status</dt><dd class="status" data-status="${escapeHtml(held ? "held" : (transfer?.status ?? ""))}">${escapeHtml(held ? "held for review" : (transfer?.status ?? ""))}</dd>
</dl>
<p role="status">${escapeHtml(STATUS_TEXT[result.outcome])}</p>
<p><a href="arrivals">Record another arrival</a></p>`;
        return sendPage(reply, renderPage({ title: "Transfer recorded", brand: "Bank", body }));
      } catch (error) {
        // A person at the form reads the refusal on the page; any other caller gets the API's error shape.
        const fromBrowserForm = request.headers.accept?.includes("text/html") ?? false;
        if (!(error instanceof AppError) || error.statusCode !== 422 || !fromBrowserForm) throw error;
        const message = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
        return sendPage(
          reply,
          renderPage({
            title: "Record an incoming transfer",
            brand: "Bank",
            body: arrivalForm({ reference, amount }, message),
          }),
          undefined,
          422,
        );
      }
    },
  );
}
