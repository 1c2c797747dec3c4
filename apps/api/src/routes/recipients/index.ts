import * as contract from "@vela/shared/contract/recipients";
import {
  type beneficiaryRequest,
  RECIPIENT_SERVICES,
  type recipientListQuery,
  type recipientRequest,
} from "@vela/shared/recipients";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { contractRoutes, fixedEndpoint } from "../../http/contract";
import { ok, page } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";
import type { PricingContext } from "../../pricing/quotes";
import {
  deleteRecipient,
  findOwnRecipient,
  listRecipients,
  type RecipientFilters,
  toggleRecipient,
} from "../../recipients/repository";
import {
  chooseRecipient,
  type FormTarget,
  quotationFilter,
  type RecipientContext,
  resolveForm,
  saveRecipient,
} from "../../recipients/service";
import { WITHDRAW_MESSAGES } from "../../wallets/dw-messages";

const TAGS = ["recipients"];
const SAVED = "Recipient saved.";
/** A withdrawal account is the user's own (wallets/dw-messages.ts), not a recipient. */
const savedMessage = (saved: { withdrawal_method: string | null }) =>
  saved.withdrawal_method === null ? SAVED : WITHDRAW_MESSAGES.accountSaved;

/**
 * Recipients (spec §7): the owner's list with filters, create, read, edit, toggle and soft delete,
 * the dynamic forms that say what a destination asks for, the per-service lists, the beneficiaries
 * of a quotation, and choosing a quotation's recipient. Every id is the caller's own or not found.
 */
export async function recipientsRoutes(app: FastifyInstance) {
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });
  const contextOf = (request: FastifyRequest): RecipientContext => {
    const { user } = currentAuth(request);
    return { db: app.db, language: request.ctx.language, ownerId: user.id, ownerCountryId: user.countryId };
  };
  const pricingOf = (request: FastifyRequest): PricingContext => ({
    db: app.db,
    rates: app.rates,
    language: request.ctx.language,
  });

  async function listPage(
    request: FastifyRequest,
    query: z.infer<typeof recipientListQuery>,
    fixed: Partial<RecipientFilters> = {},
  ) {
    const context = contextOf(request);
    const filters: RecipientFilters = {
      email: query.email,
      type: query.type,
      service: query.service,
      ...fixed,
    };
    if (query.quotation_id !== undefined)
      filters.corridor = await quotationFilter(context, query.quotation_id);
    const { rows, total } = await listRecipients(
      app.db,
      context.ownerId,
      filters,
      query.page,
      query.per_page,
    );
    return ok(page(rows, total, query.page, query.per_page));
  }

  /** A flat save body split into where the recipient goes and the form's values. */
  const targetOf = (body: z.infer<typeof recipientRequest>, service?: FormTarget["service"]): FormTarget => ({
    type: body.type,
    quotation_id: body.quotation_id,
    country_to_id: body.country_to_id,
    currency_to_id: body.currency_to_id,
    shipping_method_id: body.shipping_method_id,
    withdrawal_method_id: body.withdrawal_method_id,
    sender_id: body.sender_id,
    service,
    account_kind: typeof body.account_kind === "string" ? body.account_kind : undefined,
  });

  const beneficiaryTarget = (body: z.infer<typeof beneficiaryRequest>, quotationId: number): FormTarget => ({
    type: body.type,
    sender_id: body.sender_id,
    quotation_id: quotationId,
    account_kind: typeof body.account_kind === "string" ? body.account_kind : undefined,
  });

  serve(
    contract.getRecipients,
    {
      summary:
        "The caller's recipients: e-mail (prefix, any case) and type filters, or those matching a quotation",
    },
    async (request) => listPage(request, request.query),
  );

  serve(
    contract.createRecipient,
    {
      summary:
        "Adds a recipient: the corridor (or quotation, or withdrawal method) and its dynamic form's values",
    },
    async (request, reply) => {
      const saved = await saveRecipient(contextOf(request), targetOf(request.body), request.body);
      return reply.status(201).send(ok(saved, savedMessage(saved)));
    },
  );

  serve(
    contract.getRecipientForm,
    {
      summary:
        "The fields a recipient needs: by type and quotation, by country, currency and delivery method, or a service's short form",
    },
    async (request) => ok((await resolveForm(contextOf(request), request.query)).form),
  );

  serve(
    contract.getWithdrawForm,
    { summary: "The fields of the account a wallet withdrawal pays into (bank deposit or mobile wallet)" },
    async (request) => ok((await resolveForm(contextOf(request), request.query)).form),
  );

  serve(contract.getRecipient, { summary: "One of the caller's recipients" }, async (request) => {
    const found = await findOwnRecipient(app.db, currentAuth(request).user.id, request.params.id);
    if (!found) throw new NotFoundError("Recipient not found.");
    return ok(found);
  });

  serve(
    contract.updateRecipient,
    { summary: "Rewrites a recipient (same body as POST)" },
    async (request) => {
      const saved = await saveRecipient(
        contextOf(request),
        targetOf(request.body),
        request.body,
        request.params.id,
      );
      return ok(saved, savedMessage(saved));
    },
  );

  serve(contract.toggleRecipient, { summary: "Toggles whether the recipient is active" }, async (request) => {
    const ownerId = currentAuth(request).user.id;
    if (!(await toggleRecipient(app.db, ownerId, request.params.id)))
      throw new NotFoundError("Recipient not found.");
    const toggled = await findOwnRecipient(app.db, ownerId, request.params.id);
    if (!toggled) throw new NotFoundError("Recipient not found.");
    return ok(toggled, toggled.is_active ? "Recipient activated." : "Recipient deactivated.");
  });

  serve(
    contract.deleteRecipient,
    { summary: "Deletes a recipient (kept for the orders that name it)" },
    async (request) => {
      if (!(await deleteRecipient(app.db, currentAuth(request).user.id, request.params.id))) {
        throw new NotFoundError("Recipient not found.");
      }
      return ok(null, "Recipient deleted.");
    },
  );

  for (const service of RECIPIENT_SERVICES) {
    const listed = fixedEndpoint(contract.getServiceRecipients, "service", service);
    const created = fixedEndpoint(contract.createServiceRecipient, "service", service);
    serve(listed, { summary: `The caller's ${service} recipients` }, async (request) =>
      listPage(request, request.query, { service }),
    );
    serve(
      created,
      {
        summary:
          service === "consignments"
            ? "Adds a consignment recipient (the full form of its corridor)"
            : `Adds a ${service} recipient (its short form: names, contact, country)`,
      },
      async (request, reply) => {
        const saved = await saveRecipient(contextOf(request), targetOf(request.body, service), request.body);
        return reply.status(201).send(ok(saved, SAVED));
      },
    );
  }

  // ---- Beneficiaries of a consignment quotation: its corridor, its method ----

  serve(
    contract.getBeneficiaries,
    { summary: "The caller's active recipients in the quotation's country, currency and delivery method" },
    async (request) => listPage(request, { ...request.query, quotation_id: request.params.id }),
  );

  serve(
    contract.getBeneficiaryForm,
    { summary: "The fields a beneficiary of this quotation needs" },
    async (request) =>
      ok((await resolveForm(contextOf(request), { ...request.query, quotation_id: request.params.id })).form),
  );

  serve(
    contract.createBeneficiary,
    { summary: "Adds a beneficiary for the quotation's corridor (the dynamic form's values)" },
    async (request, reply) => {
      const target = beneficiaryTarget(request.body, request.params.id);
      const saved = await saveRecipient(contextOf(request), target, request.body);
      return reply.status(201).send(ok(saved, SAVED));
    },
  );

  serve(
    contract.updateBeneficiary,
    { summary: "Rewrites a beneficiary with the quotation's form" },
    async (request) => {
      const target = beneficiaryTarget(request.body, request.params.id);
      return ok(
        await saveRecipient(contextOf(request), target, request.body, request.params.beneficiary_id),
        SAVED,
      );
    },
  );

  // ---- Choosing the recipient of a quotation (spec §4): answers sendData and the summary ----

  const chooseQuotationRecipient = async (
    request: FastifyRequest,
    quotationId: number,
    recipientId: number,
  ) =>
    ok(
      await chooseRecipient(pricingOf(request), currentAuth(request).user.id, quotationId, recipientId),
      "Recipient added.",
    );

  serve(
    contract.addRecipientToQuotation,
    { summary: "Chooses the quotation's recipient; answers send_data and the summary", tags: ["quotations"] },
    async (request) => chooseQuotationRecipient(request, request.params.id, request.body.recipient_id),
  );

  serve(
    contract.patchQuotationRecipient,
    {
      summary: "Patches the selected recipient of a quotation; answers send_data and the summary",
      tags: ["quotations"],
    },
    async (request) => chooseQuotationRecipient(request, request.params.id, request.body.recipient_id),
  );
}
