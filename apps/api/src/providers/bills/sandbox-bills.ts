import { createHash } from "node:crypto";
import { fromMinor } from "@vela/shared/decimal";
import type { Db } from "../../db/client";
import { InvalidDataError } from "../../http/errors";
import { currencyDecimals, sandboxFulfilmentStore } from "../purchases/sandbox-fulfilments";
import {
  BILL_BALANCE_RANGES,
  BILL_COUNTRIES,
  BILL_PLANS,
  BILL_PROVIDERS,
  billServicesOf,
} from "./bill-catalogue";
import type { BillDef, BillPaymentProvider, BillProviderDef } from "./bill-provider";

/**
 * The sandbox bill payment aggregator: the catalogue of bill-catalogue.ts and bills derived from
 * their reference. Test values: a reference ending in 0000 has no bill (lookup null; a payment
 * fails BILL_NOT_FOUND); one ending in 9999 is paid (balance 0; paying it fails BILL_ALREADY_PAID).
 * Any other reference owes an amount derived from it (COP 50 000–400 000, MXN 200–2 500, …) less
 * what delivered sandbox payments of that reference have paid. A plan with a fixed amount (a prepaid
 * energy pack, a TV package) is bought whatever the balance and does not change it.
 */
export const SANDBOX_BILL_PROVIDER = "sandbox-bills";

export const BILL_FAILURES = {
  BILL_ALREADY_PAID: "This bill is already paid.",
  BILL_NOT_FOUND: "The biller found no bill with this reference number.",
  AMOUNT_ABOVE_BALANCE: "The amount is more than what the bill owes now.",
  PARTIAL_NOT_ALLOWED: "This biller takes only the full balance.",
} as const;

const FIRST_NAMES = [
  "María",
  "José",
  "Ana",
  "Luis",
  "Carmen",
  "Juan",
  "Rosa",
  "Carlos",
  "Lucía",
  "Miguel",
  "Elena",
  "Jorge",
];
const LAST_NAMES = [
  "López",
  "García",
  "Hernández",
  "Martínez",
  "Rodríguez",
  "Pérez",
  "Gómez",
  "Díaz",
  "Torres",
  "Ramírez",
  "Cruz",
  "Reyes",
];

const providersById = new Map(BILL_PROVIDERS.map((provider) => [provider.id, provider]));

const hashOf = (provider: BillProviderDef, reference: string) =>
  createHash("sha256").update(`${provider.id}:${reference}`).digest();

/** What a reference owes before any payment, in minor units (0 for the paid test value). */
export function originalBalanceMinor(provider: BillProviderDef, reference: string): bigint {
  if (reference.endsWith("9999")) return 0n;
  const range = BILL_BALANCE_RANGES[provider.currencyIso] ?? { min: 10n, max: 100n, cents: true };
  const decimals = currencyDecimals(provider.currencyIso);
  const digest = hashOf(provider, reference);
  const whole = range.min + (digest.readBigUInt64BE(0) % (range.max - range.min + 1n));
  const cents = range.cents && decimals > 0 ? BigInt(digest.readUInt16BE(8) % 10 ** decimals) : 0n;
  return whole * 10n ** BigInt(decimals) + cents;
}

function customerOf(provider: BillProviderDef, reference: string) {
  const digest = hashOf(provider, reference);
  const first = FIRST_NAMES[digest[10]! % FIRST_NAMES.length]!;
  const last = LAST_NAMES[digest[11]! % LAST_NAMES.length]!;
  return { firstName: first, lastName: last };
}

/** The due date: 1 to 20 days after today (UTC), per reference. */
function dueDateOf(provider: BillProviderDef, reference: string): string {
  const days = (hashOf(provider, reference)[12]! % 20) + 1;
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const referenceMatches = (provider: BillProviderDef, reference: string) =>
  new RegExp(provider.referencePattern).test(reference);

export function createSandboxBills(deps: { db: Db }): BillPaymentProvider {
  const store = sandboxFulfilmentStore(deps.db, "bill", SANDBOX_BILL_PROVIDER);
  // Payments of fixed-amount plans buy credit and leave the bill as it is.
  const balancePlans = new Set(BILL_PLANS.filter((plan) => plan.amount === null).map((plan) => plan.id));

  /** The balance now, in minor units, or null when the reference has no bill. */
  async function balanceMinor(provider: BillProviderDef, reference: string): Promise<bigint | null> {
    if (!referenceMatches(provider, reference) || reference.endsWith("0000")) return null;
    const original = originalBalanceMinor(provider, reference);
    if (original === 0n) return 0n;
    const paid = await store.deliveredMinor(provider.id, reference, [...balancePlans]);
    return original > paid ? original - paid : 0n;
  }

  return {
    name: SANDBOX_BILL_PROVIDER,
    async countries() {
      return [...BILL_COUNTRIES];
    },
    async services(countryIso) {
      return billServicesOf(countryIso.toUpperCase());
    },
    async providers(countryIso, serviceTypeId) {
      const iso = countryIso.toUpperCase();
      return BILL_PROVIDERS.filter(
        (provider) => provider.countryIso === iso && provider.serviceTypeId === serviceTypeId,
      );
    },
    async provider(id) {
      return providersById.get(id) ?? null;
    },
    async plans(providerId) {
      return BILL_PLANS.filter((plan) => plan.providerId === providerId);
    },
    async lookup(providerId, referenceNumber): Promise<BillDef | null> {
      const provider = providersById.get(providerId);
      if (!provider) return null;
      const reference = referenceNumber.trim();
      const balance = await balanceMinor(provider, reference);
      if (balance === null) return null;
      const customer = customerOf(provider, reference);
      return {
        providerId,
        referenceNumber: reference,
        balance: fromMinor(balance, currencyDecimals(provider.currencyIso)),
        currencyIso: provider.currencyIso,
        customerName: `${customer.firstName} ${customer.lastName}`,
        dueDate: balance === 0n ? null : dueDateOf(provider, reference),
      };
    },
    async submit(request) {
      const provider = providersById.get(request.providerId);
      if (!provider) throw new InvalidDataError({ service_provider_id: ["Provider not found."] });
      const plan = request.planId === null ? null : BILL_PLANS.find((item) => item.id === request.planId);
      if (plan === undefined || (plan && plan.providerId !== provider.id)) {
        throw new InvalidDataError({ product_id: ["This plan is not offered by the chosen provider."] });
      }
      if (request.currencyIso.toUpperCase() !== provider.currencyIso) {
        throw new InvalidDataError({ currency: [`${provider.name} bills are in ${provider.currencyIso}.`] });
      }
      const reference = request.referenceNumber.trim();
      // Decided before the record is written; a repeated submit answers the first outcome.
      const paysBalance = plan === null || plan.amount === null;
      const balance = paysBalance ? await balanceMinor(provider, reference) : 0n;
      const fail = (code: keyof typeof BILL_FAILURES) =>
        ({ status: "failed", failureCode: code, failureMessage: BILL_FAILURES[code] }) as const;
      return store.submit(
        { ...request, account: reference, productId: plan?.id ?? null, providerId: provider.id },
        provider.commissionBps,
        (transactionId) => {
          if (paysBalance) {
            if (balance === null) return fail("BILL_NOT_FOUND");
            if (balance === 0n) return fail("BILL_ALREADY_PAID");
            if (request.amountMinor > balance) return fail("AMOUNT_ABOVE_BALANCE");
            if (!provider.partialPayment && request.amountMinor < balance) return fail("PARTIAL_NOT_ALLOWED");
          }
          return { status: "delivered", confirmation: `RCPT-${transactionId.slice(3, 15).toUpperCase()}` };
        },
      );
    },
    get: (transactionId) => store.get(transactionId),
  };
}
