import type { Language } from "@vela/shared/api";
import * as settings from "@vela/shared/contract/auth";
import * as contract from "@vela/shared/contract/payments";
import type { DynamicForm } from "@vela/shared/dynamic-form";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import {
  createBankProfile,
  createCardProfile,
  deleteProfile,
  listProfiles,
  toSavedBank,
  toSavedCard,
  updateBankProfile,
} from "../../payments/instruments";
import { currentAuth } from "../../plugins/auth";

const TAGS = ["settings"];

type Text = { en: string; es: string };

const ACCOUNT_TYPES: ReadonlyArray<{ value: "checking" | "savings"; label: Text }> = [
  { value: "checking", label: { en: "Checking", es: "Corriente" } },
  { value: "savings", label: { en: "Savings", es: "Ahorros" } },
];
const accountTypes = (language: Language) =>
  ACCOUNT_TYPES.map((type) => ({ value: type.value, label: type.label[language] }));

/** The bank account form, as the recipient forms describe theirs (spec §3 form field kinds), in both languages. */
function bankAccountForm(language: Language): DynamicForm {
  return {
    key: "US.bank-account",
    title: { en: "Bank account", es: "Cuenta bancaria" }[language],
    fields: [
      field("nameOnAccount", { en: "Name on the account", es: "Titular de la cuenta" }[language], {
        min: 1,
        max: 120,
      }),
      field("bankName", { en: "Bank name", es: "Nombre del banco" }[language], {
        min: 0,
        max: 120,
        required: false,
      }),
      field("routingNumber", { en: "Routing number", es: "Número de ruta (ABA)" }[language], {
        min: 9,
        max: 9,
        pattern: "^\\d{9}$",
        patternMessage: {
          en: "The routing number has 9 digits.",
          es: "El número de ruta tiene 9 dígitos.",
        }[language],
        example: "011000015",
      }),
      field("accountNumber", { en: "Account number", es: "Número de cuenta" }[language], {
        min: 4,
        max: 17,
        pattern: "^\\d{4,17}$",
        patternMessage: {
          en: "The account number has 4 to 17 digits.",
          es: "El número de cuenta tiene de 4 a 17 dígitos.",
        }[language],
      }),
      {
        ...field("accountType", { en: "Account type", es: "Tipo de cuenta" }[language], {
          min: null,
          max: null,
        }),
        kind: "select",
        input: "select",
        options: accountTypes(language),
      },
    ],
  };
}

function field(
  key: string,
  label: string,
  rules: {
    min: number | null;
    max: number | null;
    required?: boolean;
    pattern?: string;
    patternMessage?: string;
    example?: string;
  },
): DynamicForm["fields"][number] {
  return {
    key: key.toLowerCase() === key ? key : key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    label,
    kind: "text",
    input: "input",
    required: rules.required ?? true,
    min_length: rules.min,
    max_length: rules.max,
    pattern: rules.pattern ?? null,
    pattern_message: rules.patternMessage ?? null,
    options: null,
    options_endpoint: null,
    check: null,
    country_iso: "US",
    example: rules.example ?? null,
    help: null,
    refresh_on_change: false,
  };
}

/**
 * Saved instruments in settings (spec §7 Settings): bank accounts (list, preparation, form, POST,
 * PATCH, DELETE) and card payment profiles (list, DELETE, and saving a card from the processor's
 * token). Numbers are answered masked; another user's instrument is not found.
 */
export async function paymentInstrumentRoutes(app: FastifyInstance) {
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;

  serve(
    contract.getSettingsBanks,
    { summary: "The user's saved bank accounts (numbers masked)" },
    async (request) => ok((await listProfiles(app.db, userId(request), "bank")).map(toSavedBank)),
  );

  serve(
    settings.getBankAccountPreparation,
    { summary: "What the bank account form needs: account types and the number rules" },
    async (request) =>
      ok({
        payment_method_id: 1 as const,
        account_types: accountTypes(request.ctx.language),
        country_iso: "US",
        currency_iso: "USD",
        routing_number_digits: 9,
        account_number_digits: { min: 4, max: 17 },
      }),
  );

  serve(settings.getBankAccountForm, { summary: "The bank account form's fields" }, async (request) =>
    ok(bankAccountForm(request.ctx.language)),
  );

  serve(
    contract.createBankAccount,
    { summary: "Verifies (ABA routing checksum) and saves a US bank account for ACH debits" },
    async (request, reply) => {
      const row = await createBankProfile(
        { db: app.db, banks: app.providers.banks, secrets: app.secrets },
        userId(request),
        { ...request.body, senderId: request.body.sender_id, save: true },
      );
      return reply.status(201).send(ok(toSavedBank(row), "Bank account saved."));
    },
  );

  serve(
    settings.updateBankAccount,
    { summary: "Changes a saved bank account's names or type (a new number is a new account)" },
    async (request) =>
      ok(
        toSavedBank(await updateBankProfile(app.db, userId(request), request.params.id, request.body)),
        "Bank account updated.",
      ),
  );

  serve(contract.deleteBankAccount, { summary: "Deletes a saved bank account" }, async (request) => {
    await deleteProfile(app.db, userId(request), request.params.id, "bank");
    return ok(null, "Bank account deleted.");
  });

  serve(contract.getSettingsCards, { summary: "The user's saved cards (numbers masked)" }, async (request) =>
    ok((await listProfiles(app.db, userId(request), "card")).map(toSavedCard)),
  );

  serve(contract.deleteSettingsCard, { summary: "Deletes a saved card" }, async (request) => {
    await deleteProfile(app.db, userId(request), request.params.id, "card");
    return ok(null, "Card deleted.");
  });

  serve(
    contract.createCardProfile,
    { summary: "Saves a card from the card processor's single-use token" },
    async (request, reply) => {
      const row = await createCardProfile({ db: app.db, cards: app.providers.cards }, userId(request), {
        cardToken: request.body.card_token,
        holderName: request.body.name_holder,
        billingAddress: request.body.billing_address,
        senderId: request.body.sender_id,
        save: true,
      });
      return reply.status(201).send(ok(toSavedCard(row), "Card saved."));
    },
  );
}
