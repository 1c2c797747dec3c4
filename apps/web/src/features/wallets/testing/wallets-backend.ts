import {
  addAmounts as addRaw,
  compareAmounts,
  multiplyAmounts,
  roundAmount,
  subtractAmounts as subtractRaw,
  toCurrencyAmount,
} from "@vela/shared/decimal";
import { type DynamicForm, defineField } from "@vela/shared/dynamic-form";
import { breachMessage, limitBreach } from "@vela/shared/limits";
import { type ConfirmationRecord, ORDER_STATUS_LABELS, type OrderStatus } from "@vela/shared/orders";
import type { Payment } from "@vela/shared/payments";
import type { Calculation, Quotation } from "@vela/shared/pricing";
import type { Recipient } from "@vela/shared/recipients";
import { CURRENCIES, EUR, USD } from "@/test/fixtures";
import type { StubHandler, StubRoute } from "@/test/render";
import type { Wallet, WalletCurrency, WalletTransaction, WalletUser } from "../api/types";

/**
 * An in-memory wallet backend that follows the team's contract (BRIEF, STATUS.md): wallets whose
 * balance, available and on-hold amounts move with every order, the four services' currencies,
 * calculators, quotations and transactions (Idempotency-Key replays answer the same order), the
 * transactions list with its filters and paging, the search for another user, the withdrawal's
 * e-mailed code, and the payment endpoints a deposit's PAYMENT step calls.
 */

/** Amounts written with the currency's two digits, as the API writes them. */
const addAmounts = (a: string, b: string) => toCurrencyAmount(addRaw(a, b), 2);
const subtractAmounts = (a: string, b: string) => toCurrencyAmount(subtractRaw(a, b), 2);

export const flagOf = (iso: string) => `/api/flags/${iso.slice(0, 2)}.svg`;
export const walletCurrency = (currency: (typeof CURRENCIES)[number]): WalletCurrency => ({
  ...currency,
  flag_currency: flagOf(currency.iso),
});

/** USD → EUR and back, per unit. */
const RATES: Record<string, string> = { "USD:EUR": "0.9", "EUR:USD": "1.1", "USD:USD": "1", "EUR:EUR": "1" };
const FEES: Record<string, string> = {
  "deposit-money": "2.50",
  "convert-money": "0.00",
  "send-money": "0.00",
  "withdraw-money": "1.00",
};
const SERVICE_OF = {
  "deposit-money": "wallet-deposit",
  "convert-money": "wallet-convert",
  "send-money": "wallet-send",
  "withdraw-money": "wallet-withdraw",
} as const;
const SERVICE_NAMES: Record<string, string> = {
  "wallet-deposit": "Deposit",
  "wallet-convert": "Conversion",
  "wallet-send": "Wallet send",
  "wallet-withdraw": "Withdrawal",
};
type Service = keyof typeof SERVICE_OF;
const isService = (value: string): value is Service => value in SERVICE_OF;

/** Another Vela user with a EUR wallet: found by their e-mail, phone or wallet id. */
export const OTHER_USER: WalletUser = {
  name: "Bo R.",
  wallet_id: "VW-BOBRR-00002",
  currencies: [{ ...EUR, wallet_id: "VW-BOBRR-00002" }],
};
const OTHER_USER_KEYS = ["bo@example.com", "+15550000002", OTHER_USER.wallet_id];

/** The right code for a withdrawal (the outbox's). */
export const WITHDRAW_CODE = "123456";
export const BANK_METHOD_ID = 21;

export const WITHDRAW_FORM: DynamicForm = {
  key: "withdraw.US.bank-deposit.customer",
  title: "Bank account in the United States",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text", example: "Ana" }),
    defineField({ key: "last_name", label: "Last name", kind: "text", example: "López" }),
    defineField({ key: "account_number", label: "Account number", kind: "number", example: "123456789" }),
  ],
};

type Order = ConfirmationRecord & {
  /** False for another user's order that paid into this user's wallet. */
  isOwn?: boolean;
  walletMoves: { walletId: number; direction: "in" | "out"; amount: string }[];
};

const amountPattern = /^\d+(\.\d+)?$/;
// The module holds no value import of the test renderer, so a plain Node server can run it too
// (the screenshots' stand-in API).
const ok = (data: unknown, message: string | null = null): StubRoute => ({
  body: { success: true, message, data },
});

/** A saved withdrawal account (a recipient of the "wallets" service). */
const beneficiary = (
  id: number,
  firstName: string,
  lastName: string,
  currencyId: number,
  accountNumber: string,
): Recipient => ({
  id,
  type: "customer",
  service: "wallets",
  name: `${firstName} ${lastName}`,
  first_name: firstName,
  last_name: lastName,
  business_name: null,
  email: null,
  phone_prefix: null,
  phone_number: null,
  country_id: 1,
  country_iso: "US",
  currency_id: currencyId,
  currency_iso: CURRENCIES.find((currency) => currency.id === currencyId)?.iso ?? "USD",
  shipping_method_id: null,
  shipping_method_slug: null,
  withdrawal_method: "bank-deposit",
  sender_id: null,
  form_key: WITHDRAW_FORM.key,
  details: { first_name: firstName, last_name: lastName, account_number: accountNumber },
  is_active: true,
  source: "owner",
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
});
const err = (status: number, message: string, errors?: Record<string, string[]>): StubRoute => ({
  status,
  body: { success: false, message, ...(errors ? { errors } : {}) },
});

export type WalletsBackendOptions = {
  /** The wallets the user starts with: currency and balance. */
  wallets?: { currency: typeof USD; balance: string; onHold?: string; hasOrderInFlight?: boolean }[];
  /** How many past orders the first wallet has (for paging). */
  pastOrders?: number;
  /** A send another user made into the first wallet: their order, listed without links. */
  hasIncomingSend?: boolean;
};

export const walletsBackend = ({
  wallets: initial = [],
  pastOrders = 0,
  hasIncomingSend = false,
}: WalletsBackendOptions = {}) => {
  let nextId = 1;
  const wallets: (Wallet & { currencyFixture: typeof USD; hasOrderInFlight?: boolean })[] = initial.map(
    (wallet, index) => ({
      id: index + 1,
      public_id: `VW-ANA00-0000${index + 1}`,
      status: "open",
      currency: walletCurrency(wallet.currency),
      currencyFixture: wallet.currency,
      hasOrderInFlight: wallet.hasOrderInFlight,
      balance: wallet.balance,
      on_hold: wallet.onHold ?? "0.00",
      available: subtractAmounts(wallet.balance, wallet.onHold ?? "0.00"),
      created_at: "2026-11-01T10:00:00.000Z",
    }),
  );
  nextId = wallets.length + 1;
  const orders: Order[] = [];
  const quotations = new Map<number, Quotation & { extra: Record<string, unknown> }>();
  const payments = new Map<number, Payment>();
  const replays = new Map<string, ConfirmationRecord>();
  const recent: (WalletUser & { last_sent_at: string })[] = [];
  const beneficiaries: Recipient[] = [beneficiary(40, "Ana", "López", USD.id, "•••• 6789")];
  let codesSent = 0;

  const view = (wallet: (typeof wallets)[number]): Wallet => {
    const { currencyFixture: _fixture, hasOrderInFlight: _inFlight, ...rest } = wallet;
    return { ...rest, available: subtractAmounts(wallet.balance, wallet.on_hold) };
  };
  const walletOf = (currencyId: number) => wallets.find((wallet) => wallet.currency.id === currencyId);
  const currencyById = (id: number) => CURRENCIES.find((currency) => currency.id === id);

  const record = (
    id: number,
    service: string,
    status: OrderStatus,
    quotation: Pick<
      Quotation,
      | "id"
      | "currency_from_id"
      | "currency_to_id"
      | "currency_from_iso"
      | "currency_to_iso"
      | "send_amount"
      | "vela_fee_amount"
      | "amount_paid"
      | "rate"
      | "receiving_amount"
    >,
    extra: Partial<ConfirmationRecord> = {},
  ): ConfirmationRecord => ({
    id,
    order_id: id,
    ref: `VL-${String(id).padStart(6, "0")}`,
    ref_contract: `VL-${String(id).padStart(6, "0")}`,
    tracking_number: `VT${String(id).padStart(8, "0")}`,
    status,
    status_label: ORDER_STATUS_LABELS[status],
    quotation_id: quotation.id,
    payment_detail_id: null,
    payment_method: "wallet",
    recipient_id: null,
    recipient_name: null,
    sender_id: null,
    sender_name: null,
    service_provider_id: null,
    service_type_id: null,
    country_from_id: null,
    country_to_id: null,
    currency_from_id: quotation.currency_from_id,
    currency_to_id: quotation.currency_to_id,
    currency_from_iso: quotation.currency_from_iso,
    currency_to_iso: quotation.currency_to_iso,
    send_amount: quotation.send_amount,
    external_fee_amount: "0.00",
    vela_fee_amount: quotation.vela_fee_amount,
    discount: "0.00",
    amount_paid: quotation.amount_paid,
    rate: quotation.rate,
    receiving_amount: quotation.receiving_amount,
    guaranteed_rate: true,
    delivery_method: SERVICE_NAMES[service] ?? service,
    processing_time: "Instant",
    processing_time_id: null,
    arrive: null,
    pickup_reference: null,
    status_reason: null,
    quotation: {},
    url_pdf: `/api/orders/generate/${id}`,
    created_at: "2026-11-23T12:00:00.000Z",
    date: "2026-11-23",
    ...extra,
  });

  // Past orders of the first wallet, newest first: deposits of 10.00 each.
  for (let index = 0; index < pastOrders && wallets[0]; index++) {
    const wallet = wallets[0];
    const id = 1000 + index;
    orders.push({
      ...record(
        id,
        "wallet-deposit",
        index % 3 === 0 ? "completed" : "processing",
        {
          id: 5000 + index,
          currency_from_id: wallet.currency.id,
          currency_to_id: wallet.currency.id,
          currency_from_iso: wallet.currency.iso,
          currency_to_iso: wallet.currency.iso,
          send_amount: "10.00",
          vela_fee_amount: "0.00",
          amount_paid: "10.00",
          rate: "1",
          receiving_amount: "10.00",
        },
        { created_at: new Date(Date.UTC(2026, 10, 20, 12) - index * 3_600_000).toISOString() },
      ),
      service: "wallet-deposit",
      walletMoves: [{ walletId: wallet.id, direction: "in", amount: "10.00" }],
    } as Order);
  }

  if (hasIncomingSend && wallets[0]) {
    const wallet = wallets[0];
    orders.push({
      ...record(
        3000,
        "wallet-send",
        "completed",
        {
          id: 6000,
          currency_from_id: EUR.id,
          currency_to_id: wallet.currency.id,
          currency_from_iso: "EUR",
          currency_to_iso: wallet.currency.iso,
          send_amount: "20.00",
          vela_fee_amount: "0.00",
          amount_paid: "20.00",
          rate: "1.1",
          receiving_amount: "22.00",
        },
        { recipient_name: "Bo Ruiz", created_at: "2026-11-22T09:00:00.000Z" },
      ),
      service: "wallet-send",
      isOwn: false,
      walletMoves: [{ walletId: wallet.id, direction: "in", amount: "22.00" }],
    } as Order);
  }

  const price = (service: Service, body: Record<string, unknown>): StubRoute => {
    if (service === "send-money" && body.recipient_wallet_id !== OTHER_USER.wallet_id)
      return err(422, "The given data was invalid.", { recipient_wallet_id: ["Required."] });
    const from = currencyById(Number(body.currency_from_id));
    const to = currencyById(Number(body.currency_to_id));
    const amount = String(body.send_amount ?? "");
    if (!from || !to)
      return err(422, "The given data was invalid.", { currency_from_id: ["Unknown currency."] });
    if (!amountPattern.test(amount))
      return err(422, "The given data was invalid.", { send_amount: ["Required."] });
    // Spec §5 with the fallback limits (10 to 10 000), as the API words it.
    const breach = limitBreach({ send: amount, receiving: null }, null, { send: 2, receiving: 2 });
    if (breach) {
      const message = breachMessage(breach, 2);
      return err(422, message, { send_amount: [message] });
    }
    const rate = RATES[`${from.iso}:${to.iso}`] ?? "1";
    const fee = FEES[service] ?? "0.00";
    const calculation: Calculation = {
      country_from_id: null,
      country_to_id: null,
      currency_from_id: from.id,
      currency_to_id: to.id,
      currency_from_iso: from.iso,
      currency_to_iso: to.iso,
      shipping_method_id: 1,
      shipping_method: { name: "Vela wallet", slug: "vela" },
      payment_method: "wallet",
      send_amount: roundAmount(amount, 2, "truncate"),
      receiving_amount: roundAmount(multiplyAmounts(amount, rate), 2, "truncate"),
      vela_fee_amount: fee,
      external_fee_amount: "0.00",
      discount: "0.00",
      amount_paid: roundAmount(addAmounts(amount, fee), 2, "truncate"),
      rate,
      mid_rate: rate,
      rate_source: "Test rates",
      limits: { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "10000" } },
      guaranteed_rate: true,
      transfer_time: "Instant",
      estimated_fee_currency: from.iso,
      promo_code: null,
    };
    // A send's price names who it goes to.
    return ok(
      service === "send-money"
        ? { ...calculation, recipient: { name: OTHER_USER.name, wallet_id: OTHER_USER.wallet_id } }
        : calculation,
    );
  };

  const transactionsOf = (walletId: number, url: URL): StubRoute => {
    const service = url.searchParams.get("service") ?? "";
    const status = url.searchParams.get("status") ?? "";
    const page = Number(url.searchParams.get("page") ?? 1);
    const rows: WalletTransaction[] = orders
      .filter((order) => order.walletMoves.some((move) => move.walletId === walletId))
      .filter((order) => !service || (order as Order & { service: string }).service === service)
      .filter((order) => !status || order.status === status)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((order) => {
        const move = order.walletMoves.find((candidate) => candidate.walletId === walletId)!;
        const orderService = (order as Order & { service: string }).service;
        return {
          id: order.id,
          movement: "order" as const,
          // Money into a wallet counts once the order is sent; money out, once it is paid.
          effect:
            move.direction === "out" || ["sent", "completed"].includes(order.status)
              ? ("posted" as const)
              : ("pending" as const),
          in_review: false,
          ref: order.ref,
          service: orderService,
          service_name: SERVICE_NAMES[orderService] ?? orderService,
          status: order.status,
          status_label: order.status_label,
          direction: move.direction,
          amount: move.amount,
          currency_iso: wallets.find((wallet) => wallet.id === walletId)!.currency.iso,
          counterparty: order.recipient_name,
          send_amount: order.send_amount,
          amount_paid: order.amount_paid,
          currency_from_iso: order.currency_from_iso,
          receiving_amount: order.receiving_amount,
          currency_to_iso: order.currency_to_iso,
          is_own: order.isOwn !== false,
          details_url: order.isOwn === false ? null : `/api/orders/${order.id}/details`,
          receipt_url: order.isOwn === false ? null : `/api/orders/generate/${order.id}`,
          created_at: order.created_at,
        };
      });
    const perPage = 10;
    return ok({
      data: rows.slice((page - 1) * perPage, page * perPage),
      current_page: page,
      last_page: Math.max(1, Math.ceil(rows.length / perPage)),
      per_page: perPage,
      total: rows.length,
    });
  };

  /** Places an order for a held quotation, moving the wallets' money as the ledger would. */
  const transact = (service: Service, body: Record<string, unknown>, key: string | null): StubRoute => {
    if (key && replays.has(key))
      return { status: 201, body: { success: true, message: null, data: replays.get(key) } };
    const quotation = quotations.get(Number(body.quotation_id));
    if (!quotation) return err(404, "Quotation not found.");
    if (quotation.status !== "open") return err(422, "This quotation was already used.");
    const from = walletOf(quotation.currency_from_id);
    const to = walletOf(quotation.currency_to_id);
    const id = 2000 + orders.length;
    const moves: Order["walletMoves"] = [];
    let status: OrderStatus = "completed";
    let extra: Partial<ConfirmationRecord> = {};
    if (service === "withdraw-money") {
      if (body.code !== WITHDRAW_CODE)
        return err(422, "The given data was invalid.", { code: ["The code is wrong or has expired."] });
    }
    if (service !== "deposit-money") {
      if (!from || compareAmounts(subtractAmounts(from.balance, from.on_hold), quotation.amount_paid) < 0)
        return err(422, "Insufficient funds in the wallet.");
    }
    switch (service) {
      case "deposit-money": {
        if (!to) return err(422, "Open a wallet in this currency first.");
        const payment = payments.get(Number(body.payment_id));
        if (!payment) return err(422, "Pay first.");
        if (payment.instructions) {
          status = "awaiting_payment";
        } else {
          to.balance = addAmounts(to.balance, quotation.receiving_amount);
          moves.push({ walletId: to.id, direction: "in", amount: quotation.receiving_amount });
        }
        extra = {
          payment_method: payment.card ? "Visa •••• 4242" : "SEPA transfer",
          payment_detail_id: payment.id,
        };
        if (status === "awaiting_payment")
          moves.push({ walletId: to.id, direction: "in", amount: quotation.receiving_amount });
        break;
      }
      case "convert-money":
        if (!from || !to) return err(422, "Open a wallet in this currency first.");
        from.balance = subtractAmounts(from.balance, quotation.amount_paid);
        to.balance = addAmounts(to.balance, quotation.receiving_amount);
        moves.push(
          { walletId: from.id, direction: "out", amount: quotation.amount_paid },
          { walletId: to.id, direction: "in", amount: quotation.receiving_amount },
        );
        break;
      case "send-money":
        if (!from) return err(422, "Open a wallet in this currency first.");
        from.balance = subtractAmounts(from.balance, quotation.amount_paid);
        moves.push({ walletId: from.id, direction: "out", amount: quotation.amount_paid });
        extra = { recipient_name: OTHER_USER.name };
        if (!recent.some((user) => user.wallet_id === OTHER_USER.wallet_id))
          recent.push({ ...OTHER_USER, last_sent_at: "2026-11-23T12:00:00.000Z" });
        break;
      case "withdraw-money":
        if (!from) return err(422, "Open a wallet in this currency first.");
        // The amount goes on hold until the payout settles.
        from.on_hold = addAmounts(from.on_hold, quotation.amount_paid);
        moves.push({ walletId: from.id, direction: "out", amount: quotation.amount_paid });
        status = "processing";
        extra = {
          recipient_name:
            beneficiaries.find((recipient) => recipient.id === quotation.extra.recipient_id)?.name ?? null,
        };
        break;
    }
    quotation.status = "used";
    const placed = {
      ...record(id, SERVICE_OF[service], status, quotation, extra),
      // A conversion answers the two wallets as they stand after it.
      ...(service === "convert-money" && from && to
        ? { source_wallet: view(from), target_wallet: view(to) }
        : {}),
    };
    orders.push({ ...placed, service: SERVICE_OF[service], walletMoves: moves } as Order);
    if (key) replays.set(key, placed);
    return { status: 201, body: { success: true, message: null, data: placed } };
  };

  const paymentMethods = [
    {
      id: 31,
      slug: "credit-and-debit-card-methods",
      name: "Credit or debit card",
      description: "Visa, Mastercard",
      fee: "0.00",
      fee_currency: "USD",
      intermediate_step: false,
      sub_methods: [],
      url: "authorize-credit-card",
      payment_currency_id: USD.id,
      payment_currency_iso: "USD",
    },
  ];

  const handle: StubHandler = ({ url, method, body, headers }) => {
    const path = url.pathname.replace(/^\/api\//, "");
    const input = (body ?? {}) as Record<string, unknown>;
    let match: RegExpMatchArray | null;
    if (path === "wallets/dashboard")
      return ok({
        wallets: wallets.map(view),
        services: Object.entries(SERVICE_NAMES).map(([id, name]) => ({ id, name, path: id.slice(7) })),
        statuses: [],
      });
    if (path === "wallets/u-wallets") return ok(wallets.map(view));
    if (path === "wallets/new-wallet/currencies")
      return ok(CURRENCIES.filter((currency) => !walletOf(currency.id)).map(walletCurrency));
    if (path === "wallets/new-wallet" && method === "POST") {
      const currency = currencyById(Number(input.currency_id));
      if (!currency) return err(422, "The given data was invalid.", { currency_id: ["Unknown currency."] });
      if (walletOf(currency.id))
        return err(422, "You already have a wallet in this currency.", {
          currency_id: ["You already have a wallet in this currency."],
        });
      const wallet = {
        id: nextId++,
        public_id: `VW-ANA00-0000${nextId}`,
        status: "open" as const,
        currency: walletCurrency(currency),
        currencyFixture: currency,
        balance: "0.00",
        on_hold: "0.00",
        available: "0.00",
        created_at: "2026-11-23T10:00:00.000Z",
      };
      wallets.push(wallet);
      return { status: 201, body: { success: true, message: "Wallet opened.", data: view(wallet) } };
    }
    match = path.match(/^wallets\/(\d+)\/close$/);
    if (match && method === "POST") {
      // As the API: only an empty wallet with no order in flight closes; it then leaves every list.
      const index = wallets.findIndex((candidate) => candidate.id === Number(match?.[1]));
      const wallet = wallets[index];
      if (!wallet) return err(404, "Wallet not found.");
      const iso = wallet.currency.iso;
      if (compareAmounts(wallet.on_hold, "0") !== 0)
        return err(
          422,
          `This wallet has ${wallet.on_hold} ${iso} on hold for a withdrawal. Close it once the withdrawal is paid out or returned.`,
        );
      if (compareAmounts(wallet.balance, "0") !== 0)
        return err(
          422,
          `This wallet still holds ${wallet.balance} ${iso}. Convert, send or withdraw it before closing the wallet.`,
        );
      if (wallet.hasOrderInFlight)
        return err(
          422,
          "A deposit, send or withdrawal of this wallet is still in progress. Close the wallet once it is finished.",
        );
      wallets.splice(index, 1);
      return ok({ ...view(wallet), status: "closed" }, "Wallet closed.");
    }
    match = path.match(/^wallets\/(\d+)\/(balance-and-shares|transactions|balance-history)$/);
    if (match) {
      const wallet = wallets.find((candidate) => candidate.id === Number(match?.[1]));
      if (!wallet) return err(404, "Wallet not found.");
      if (match[2] === "transactions") return transactionsOf(wallet.id, url);
      if (match[2] === "balance-history")
        return ok({
          wallet_id: wallet.id,
          currency_iso: wallet.currency.iso,
          decimals: 2,
          points: [
            { date: "2026-11-21", balance: "0.00" },
            { date: "2026-11-22", balance: "250.00" },
            { date: "2026-11-23", balance: wallet.balance },
          ],
        });
      const link = `https://vela.test/account/wallets/send?wallet_id=${wallet.public_id}`;
      return ok({
        ...view(wallet),
        wallet_id: wallet.id,
        shares: {
          wallet_id: wallet.public_id,
          link,
          qr_code: "data:image/svg+xml;base64,PHN2Zy8+",
          text: `Send me money with Vela: ${link}`,
        },
      });
    }
    if (path === "wallets/selects/services")
      return ok(Object.entries(SERVICE_NAMES).map(([id, name]) => ({ id, name })));
    if (path === "wallets/selects/statuses")
      return ok(
        (["processing", "completed", "failed"] as const).map((id) => ({ id, name: ORDER_STATUS_LABELS[id] })),
      );
    match = path.match(/^wallets\/([a-z-]+)\/currencies$/);
    if (match && isService(match[1] ?? "")) {
      const isFrom = url.searchParams.get("is_from") === "1";
      const walletIn = (currency: typeof USD) => {
        const wallet = walletOf(currency.id);
        return wallet && view(wallet);
      };
      const listed =
        match[1] === "deposit-money" && isFrom
          ? CURRENCIES.slice(0, 2)
          : wallets.map((wallet) => wallet.currencyFixture);
      // Each service's list as the API answers it: a conversion's and a send's add the wallet.
      if (match[1] === "convert-money")
        return ok(
          listed.map((currency) => {
            const wallet = walletIn(currency);
            return {
              ...walletCurrency(currency),
              wallet: wallet
                ? { id: wallet.id, public_id: wallet.public_id, available: wallet.available }
                : null,
            };
          }),
        );
      if (match[1] === "send-money")
        return ok(
          listed.map((currency) => ({
            ...currency,
            wallet_id: walletIn(currency)?.public_id ?? "",
            available: walletIn(currency)?.available,
          })),
        );
      return ok(
        listed.map((currency) => ({
          ...walletCurrency(currency),
          wallet_id: walletIn(currency)?.id ?? null,
          wallet_public_id: walletIn(currency)?.public_id ?? null,
        })),
      );
    }
    match = path.match(/^wallets\/([a-z-]+)\/calculator$/);
    if (match && isService(match[1] ?? "")) return price(match[1] as Service, input);
    match = path.match(/^wallets\/([a-z-]+)\/quotation\/create$/);
    if (match && isService(match[1] ?? "")) {
      const priced = price(match[1] as Service, input);
      if ((priced.status ?? 200) !== 200) return priced;
      const calculation = (priced.body as { data: Calculation }).data;
      const id = 900 + quotations.size;
      const quotation = {
        ...calculation,
        id,
        service: SERVICE_OF[match[1] as Service],
        status: "open" as const,
        expires_at: "2026-11-23T12:15:00.000Z",
        expires_in: 900,
        created_at: "2026-11-23T12:00:00.000Z",
        extra: input,
      };
      quotations.set(id, quotation);
      const { extra: _extra, ...answer } = quotation;
      return { status: 201, body: { success: true, message: null, data: answer } };
    }
    match = path.match(/^quotations\/(\d+)$/);
    if (match) {
      const quotation = quotations.get(Number(match[1]));
      if (!quotation) return err(404, "Quotation not found.");
      const { extra: _extra, ...answer } = quotation;
      return ok(answer);
    }
    match = path.match(/^wallets\/([a-z-]+)\/transaction$/);
    if (match && isService(match[1] ?? ""))
      return transact(match[1] as Service, input, headers?.get("Idempotency-Key") ?? null);
    if (path === "wallets/send-money/search-user") {
      const query = url.searchParams.get("query") ?? "";
      return OTHER_USER_KEYS.includes(query) ? ok(OTHER_USER) : err(404, "No wallet found.");
    }
    if (path === "wallets/send-money/recent-recipients") return ok(recent);
    if (path === "wallets/withdraw-money/methods")
      return ok([
        {
          id: BANK_METHOD_ID,
          slug: "bank-deposit",
          name: "Bank account",
          description: "Paid into a bank account in 1–2 business days",
        },
      ]);
    if (path === "wallets/withdraw-money/beneficiaries")
      return ok({
        data: beneficiaries,
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: beneficiaries.length,
      });
    if (path === "wallets/withdraw-money/confirmation" && method === "POST") {
      codesSent++;
      return ok({ channel: "email", destination: "a•••@example.com", seconds: 60, expires_in: 600 });
    }
    if (path === "recipients/withdraw-form") return ok(WITHDRAW_FORM);
    if (path === "recipients" && method === "POST") {
      const saved = beneficiary(
        50 + beneficiaries.length,
        String(input.first_name),
        String(input.last_name),
        Number(input.currency_to_id),
        String(input.account_number),
      );
      beneficiaries.push(saved);
      return { status: 201, body: { success: true, message: "Withdrawal account saved.", data: saved } };
    }
    match = path.match(/^orders\/(\d+)\/details$/);
    if (match) {
      const order = orders.find((candidate) => candidate.id === Number(match?.[1]));
      if (!order) return err(404, "Order not found.");
      const { walletMoves: _moves, ...details } = order;
      const service = (order as Order & { service: string }).service;
      return ok({
        ...details,
        service_name: SERVICE_NAMES[service] ?? service,
        timeline: [],
        recipient: null,
        sender: null,
        payment: null,
      });
    }
    if (path === "currencies") return ok(CURRENCIES);
    if (path === "countries") return ok([]);
    match = path.match(/^payments\/payment-methods\/(\d+)$/);
    if (match) return ok(paymentMethods);
    match = path.match(/^quotations\/payment-method\/(\d+)$/);
    if (match) {
      const quotation = quotations.get(Number(match[1]));
      if (!quotation) return err(404, "Quotation not found.");
      const { extra: _extra, ...answer } = quotation;
      // The quotation priced with the chosen method, and which method (spec §4).
      const offer = paymentMethods.find((candidate) => candidate.id === Number(input.payment_type_id));
      return ok({
        ...answer,
        payment_type_id: offer?.id ?? null,
        payment_method_slug: offer?.slug ?? null,
        payment_method_name: offer?.name ?? null,
        payment_profile_id: null,
      });
    }
    if (path === "payments/profiles") return ok([]);
    if (path === "sandbox/cards/tokens")
      return ok({ token: "tok_test_4242", brand: "Visa", last4: "4242", exp_month: 12, exp_year: 2034 });
    if (path === "payments/authorize-credit-card" && method === "POST") {
      const payment: Payment = {
        id: 700 + payments.size,
        quotation_id: Number(input.quotation_id),
        method: "card",
        status: "authorized",
        amount: quotations.get(Number(input.quotation_id))?.amount_paid ?? "0",
        currency: "USD",
        redirect_url: null,
        failure_message: null,
        card: { brand: "Visa", last4: "4242" },
        bank: null,
        instructions: null,
        created_at: "2026-11-23T12:01:00.000Z",
      };
      payments.set(payment.id, payment);
      return ok(payment);
    }
    match = path.match(/^payments\/(\d+)$/);
    if (match) {
      const payment = payments.get(Number(match[1]));
      return payment ? ok(payment) : err(404, "Payment not found.");
    }
    return err(404, "Not found");
  };

  /** Every path goes to the one handler (stubApi looks routes up by path). */
  const routes = new Proxy({} as Record<string, StubHandler>, { get: () => handle });

  return {
    routes,
    wallets,
    orders,
    beneficiaries,
    get codesSent() {
      return codesSent;
    },
    balanceOf: (iso: string) => wallets.find((wallet) => wallet.currency.iso === iso)?.balance ?? null,
  };
};
