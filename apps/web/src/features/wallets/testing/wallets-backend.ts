import { getOrderDetails } from "@vela/shared/contract/orders";
import { getPaymentMethods, setPaymentMethod } from "@vela/shared/contract/payments";
import { getQuotation } from "@vela/shared/contract/pricing";
import { createRecipient, getWithdrawForm } from "@vela/shared/contract/recipients";
import { getCountries, getCurrencies } from "@vela/shared/contract/reference";
import {
  calculateWalletPrice,
  calculateWalletSend,
  closeWallet,
  createConvertTransaction,
  createWalletQuotation,
  createWalletSendQuotation,
  createWalletTransaction,
  getBalanceAndShares,
  getBalanceHistory,
  getConvertCurrencies,
  getNewWalletCurrencies,
  getRecentWalletRecipients,
  getSendCurrencies,
  getUserWallets,
  getWalletDashboard,
  getWalletServiceCurrencies,
  getWalletServices,
  getWalletStatuses,
  getWalletTransactions,
  getWithdrawBeneficiaries,
  getWithdrawMethods,
  openWallet,
  searchWalletUser,
  sendWithdrawCode,
} from "@vela/shared/contract/wallets";
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
import type { Calculation, Quotation } from "@vela/shared/pricing";
import type { Recipient } from "@vela/shared/recipients";
import type { WalletRecipient as WalletUser } from "@vela/shared/wallet-send";
import type {
  Wallet,
  WalletCurrency,
  WalletTransaction,
  WalletTransactionsQuery,
} from "@vela/shared/wallets";
import { cardPaymentHandlers } from "@/test/card-payments";
import { failure, handle, invalid, type Reply, success } from "@/test/contract-handlers";
import { CURRENCIES, EUR, pageOf, USD } from "@/test/fixtures";
import { confirmationRecordOf, type QuotedAmounts } from "@/test/orders";

/**
 * An in-memory wallet backend that follows the team's contract (BRIEF, STATUS.md): wallets whose
 * balance, available and on-hold amounts move with every order, the four services' currencies,
 * calculators, quotations and transactions (Idempotency-Key replays answer the same order), the
 * transactions list with its filters and paging, the search for another user, the withdrawal's
 * e-mailed code, and the payment endpoints a deposit's PAYMENT step calls. `handlers` answers them
 * over the contract (`server.use(...backend.handlers)`).
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

/** Another Vela user with a EUR wallet: found by their e-mail, phone or wallet id. */
export const OTHER_USER: WalletUser = {
  name: "Bo R.",
  wallet_id: "VW-BOBRR-00002",
  currencies: [{ ...EUR, wallet_id: "VW-BOBRR-00002" }],
};
/** A send's price names who it goes to. */
const NAMED_RECIPIENT = { recipient: { name: OTHER_USER.name, wallet_id: OTHER_USER.wallet_id } };
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
  /** The wallet service, as the transactions list and the order's details name it. */
  service: (typeof SERVICE_OF)[Service];
  /** False for another user's order that paid into this user's wallet. */
  isOwn?: boolean;
  walletMoves: { walletId: number; direction: "in" | "out"; amount: string }[];
};

const amountPattern = /^\d+(\.\d+)?$/;
type Refusal = ReturnType<typeof failure>;

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
  const cards = cardPaymentHandlers({
    firstId: 700,
    priceOf: (quotationId) => ({ amount: quotations.get(quotationId)?.amount_paid ?? "0", currency: "USD" }),
  });
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
    quotation: QuotedAmounts,
    extra: Partial<ConfirmationRecord> = {},
  ): ConfirmationRecord =>
    confirmationRecordOf(id, quotation, {
      ref: `VL-${String(id).padStart(6, "0")}`,
      ref_contract: `VL-${String(id).padStart(6, "0")}`,
      tracking_number: `VT${String(id).padStart(8, "0")}`,
      status,
      status_label: ORDER_STATUS_LABELS[status],
      payment_detail_id: null,
      payment_method: "wallet",
      delivery_method: SERVICE_NAMES[service] ?? service,
      created_at: "2026-11-23T12:00:00.000Z",
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
    });
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
    });
  }

  /** The price of `body` for `service`, or the API's refusal. */
  const price = (
    service: Service,
    body: Record<string, unknown>,
  ): { refusal: Refusal } | { calculation: Calculation } => {
    if (service === "send-money" && body.recipient_wallet_id !== OTHER_USER.wallet_id)
      return { refusal: invalid({ recipient_wallet_id: ["Required."] }) };
    const from = currencyById(Number(body.currency_from_id));
    const to = currencyById(Number(body.currency_to_id));
    const amount = String(body.send_amount ?? "");
    if (!from || !to) return { refusal: invalid({ currency_from_id: ["Unknown currency."] }) };
    if (!amountPattern.test(amount)) return { refusal: invalid({ send_amount: ["Required."] }) };
    // Spec §5 with the fallback limits (10 to 10 000), as the API words it.
    const breach = limitBreach({ send: amount, receiving: null }, null, { send: 2, receiving: 2 });
    if (breach) {
      const message = breachMessage(breach, 2);
      return { refusal: failure(422, message, { errors: { send_amount: [message] } }) };
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
    return { calculation };
  };

  const transactionsOf = (walletId: number, { service, status, page }: WalletTransactionsQuery) => {
    const rows: WalletTransaction[] = orders
      .filter((order) => order.walletMoves.some((move) => move.walletId === walletId))
      .filter((order) => !service || order.service === service)
      .filter((order) => !status || order.status === status)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((order) => {
        const move = order.walletMoves.find((candidate) => candidate.walletId === walletId)!;
        const orderService = order.service;
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
    return pageOf(rows, page, 10);
  };

  /** Places an order for a held quotation, moving the wallets' money as the ledger would. */
  const transact = (service: Service, body: Record<string, unknown>, key: string | null) => {
    const replay = key && replays.get(key);
    if (replay) return replay;
    const quotation = quotations.get(Number(body.quotation_id));
    if (!quotation) return failure(404, "Quotation not found.");
    if (quotation.status !== "open") return failure(422, "This quotation was already used.");
    const from = walletOf(quotation.currency_from_id);
    const to = walletOf(quotation.currency_to_id);
    const id = 2000 + orders.length;
    const moves: Order["walletMoves"] = [];
    let status: OrderStatus = "completed";
    let extra: Partial<ConfirmationRecord> = {};
    if (service === "withdraw-money") {
      if (body.code !== WITHDRAW_CODE) return invalid({ code: ["The code is wrong or has expired."] });
    }
    if (service !== "deposit-money") {
      if (!from || compareAmounts(subtractAmounts(from.balance, from.on_hold), quotation.amount_paid) < 0)
        return failure(422, "Insufficient funds in the wallet.");
    }
    switch (service) {
      case "deposit-money": {
        if (!to) return failure(422, "Open a wallet in this currency first.");
        const payment = cards.payments.get(Number(body.payment_id));
        if (!payment) return failure(422, "Pay first.");
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
        if (!from || !to) return failure(422, "Open a wallet in this currency first.");
        from.balance = subtractAmounts(from.balance, quotation.amount_paid);
        to.balance = addAmounts(to.balance, quotation.receiving_amount);
        moves.push(
          { walletId: from.id, direction: "out", amount: quotation.amount_paid },
          { walletId: to.id, direction: "in", amount: quotation.receiving_amount },
        );
        break;
      case "send-money":
        if (!from) return failure(422, "Open a wallet in this currency first.");
        from.balance = subtractAmounts(from.balance, quotation.amount_paid);
        moves.push({ walletId: from.id, direction: "out", amount: quotation.amount_paid });
        extra = { recipient_name: OTHER_USER.name };
        if (!recent.some((user) => user.wallet_id === OTHER_USER.wallet_id))
          recent.push({ ...OTHER_USER, last_sent_at: "2026-11-23T12:00:00.000Z" });
        break;
      case "withdraw-money":
        if (!from) return failure(422, "Open a wallet in this currency first.");
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
    orders.push({ ...placed, service: SERVICE_OF[service], walletMoves: moves });
    if (key) replays.set(key, placed);
    return placed;
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
      url: "authorize-credit-card" as const,
      payment_currency_id: USD.id,
      payment_currency_iso: "USD",
    },
  ];

  const walletById = (id: number) => wallets.find((candidate) => candidate.id === id);
  const withoutExtra = ({ extra: _extra, ...answer }: Quotation & { extra: Record<string, unknown> }) =>
    answer;
  /** Holds a quotation for `service`'s price of `body`. */
  const quote = <Named extends object>(service: Service, body: Record<string, unknown>, named: Named) => {
    const priced = price(service, body);
    if ("refusal" in priced) return priced.refusal;
    const quotation = {
      ...priced.calculation,
      ...named,
      id: 900 + quotations.size,
      service: SERVICE_OF[service],
      status: "open" as const,
      expires_at: "2026-11-23T12:15:00.000Z",
      expires_in: 900,
      created_at: "2026-11-23T12:00:00.000Z",
      extra: body,
    };
    quotations.set(quotation.id, quotation);
    const { extra: _extra, ...answer } = quotation;
    return answer;
  };
  const idempotencyKey = (headers: Headers) => headers.get("Idempotency-Key");
  const walletIn = (currency: typeof USD) => {
    const wallet = walletOf(currency.id);
    return wallet && view(wallet);
  };
  /** The currencies of a service's lists: the user's wallets' (a deposit's "from" lists the first two). */
  const listedCurrencies = (isDepositFrom: boolean) =>
    isDepositFrom ? CURRENCIES.slice(0, 2) : wallets.map((wallet) => wallet.currencyFixture);

  const handlers = [
    handle(getWalletDashboard, () => ({
      wallets: wallets.map(view),
      services: (["deposit", "convert", "send", "withdraw"] as const).map((path) => {
        const id = `wallet-${path}` as const;
        return { id, name: SERVICE_NAMES[id]!, path };
      }),
      statuses: [],
    })),
    handle(getUserWallets, () => wallets.map(view)),
    handle(getNewWalletCurrencies, () =>
      CURRENCIES.filter((currency) => !walletOf(currency.id)).map(walletCurrency),
    ),
    handle(openWallet, ({ body }) => {
      const currency = currencyById(Number(body.currency_id));
      if (!currency) return invalid({ currency_id: ["Unknown currency."] });
      if (walletOf(currency.id))
        return failure(422, "You already have a wallet in this currency.", {
          errors: { currency_id: ["You already have a wallet in this currency."] },
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
      return success(view(wallet), "Wallet opened.");
    }),
    handle(closeWallet, ({ params }) => {
      // As the API: only an empty wallet with no order in flight closes; it then leaves every list.
      const index = wallets.findIndex((candidate) => candidate.id === params.id);
      const wallet = wallets[index];
      if (!wallet) return failure(404, "Wallet not found.");
      const iso = wallet.currency.iso;
      if (compareAmounts(wallet.on_hold, "0") !== 0)
        return failure(
          422,
          `This wallet has ${wallet.on_hold} ${iso} on hold for a withdrawal. Close it once the withdrawal is paid out or returned.`,
        );
      if (compareAmounts(wallet.balance, "0") !== 0)
        return failure(
          422,
          `This wallet still holds ${wallet.balance} ${iso}. Convert, send or withdraw it before closing the wallet.`,
        );
      if (wallet.hasOrderInFlight)
        return failure(
          422,
          "A deposit, send or withdrawal of this wallet is still in progress. Close the wallet once it is finished.",
        );
      wallets.splice(index, 1);
      return success({ ...view(wallet), status: "closed" as const }, "Wallet closed.");
    }),
    handle(getWalletTransactions, ({ params, query }) => {
      const wallet = walletById(params.id);
      return wallet ? transactionsOf(wallet.id, query) : failure(404, "Wallet not found.");
    }),
    handle(getBalanceHistory, ({ params }) => {
      const wallet = walletById(params.id);
      if (!wallet) return failure(404, "Wallet not found.");
      return {
        wallet_id: wallet.id,
        currency_iso: wallet.currency.iso,
        decimals: 2,
        points: [
          { date: "2026-11-21", balance: "0.00" },
          { date: "2026-11-22", balance: "250.00" },
          { date: "2026-11-23", balance: wallet.balance },
        ],
      };
    }),
    handle(getBalanceAndShares, ({ params }) => {
      const wallet = walletById(params.id);
      if (!wallet) return failure(404, "Wallet not found.");
      const link = `https://vela.test/account/wallets/send?wallet_id=${wallet.public_id}`;
      return {
        ...view(wallet),
        wallet_id: wallet.id,
        shares: {
          wallet_id: wallet.public_id,
          link,
          qr_code: "data:image/svg+xml;base64,PHN2Zy8+",
          text: `Send me money with Vela: ${link}`,
        },
      };
    }),
    handle(getWalletServices, () => Object.entries(SERVICE_NAMES).map(([id, name]) => ({ id, name }))),
    handle(
      getWalletStatuses,
      (["processing", "completed", "failed"] as const).map((id) => ({ id, name: ORDER_STATUS_LABELS[id] })),
    ),
    // Each service's list as the API answers it: a conversion's and a send's add the wallet.
    handle(getWalletServiceCurrencies, ({ params, url }) =>
      listedCurrencies(params.service === "deposit-money" && url.searchParams.get("is_from") === "1").map(
        (currency) => ({
          ...walletCurrency(currency),
          wallet_id: walletIn(currency)?.id ?? null,
          wallet_public_id: walletIn(currency)?.public_id ?? null,
        }),
      ),
    ),
    handle(getConvertCurrencies, () =>
      listedCurrencies(false).map((currency) => {
        const wallet = walletIn(currency);
        return {
          ...walletCurrency(currency),
          wallet: wallet ? { id: wallet.id, public_id: wallet.public_id, available: wallet.available } : null,
        };
      }),
    ),
    handle(getSendCurrencies, () =>
      listedCurrencies(false).map((currency) => ({
        ...currency,
        wallet_id: walletIn(currency)?.public_id ?? "",
        available: walletIn(currency)?.available,
      })),
    ),
    handle(calculateWalletPrice, ({ params, body }) => {
      const priced = price(params.service, body);
      return "refusal" in priced ? priced.refusal : priced.calculation;
    }),
    handle(calculateWalletSend, ({ body }) => {
      const priced = price("send-money", body);
      return "refusal" in priced ? priced.refusal : { ...priced.calculation, ...NAMED_RECIPIENT };
    }),
    handle(createWalletQuotation, ({ params, body }) => quote(params.service, body, {})),
    handle(createWalletSendQuotation, ({ body }) => quote("send-money", body, NAMED_RECIPIENT)),
    handle(getQuotation, ({ params }) => {
      const quotation = quotations.get(params.id);
      return quotation ? withoutExtra(quotation) : failure(404, "Quotation not found.");
    }),
    handle(createWalletTransaction, ({ params, body, headers }) =>
      transact(params.service, body, idempotencyKey(headers)),
    ),
    // A conversion's order carries the two wallets (`transact`).
    handle(
      createConvertTransaction,
      ({ body, headers }) =>
        transact("convert-money", body, idempotencyKey(headers)) as Reply<typeof createConvertTransaction>,
    ),
    handle(searchWalletUser, ({ query }) =>
      OTHER_USER_KEYS.includes(query.query) ? OTHER_USER : failure(404, "No wallet found."),
    ),
    handle(getRecentWalletRecipients, () => recent),
    handle(getWithdrawMethods, [
      {
        id: BANK_METHOD_ID,
        slug: "bank-deposit",
        name: "Bank account",
        description: "Paid into a bank account in 1–2 business days",
      },
    ]),
    handle(getWithdrawBeneficiaries, () => pageOf(beneficiaries, 1, 100)),
    handle(sendWithdrawCode, () => {
      codesSent++;
      return { channel: "email" as const, destination: "a•••@example.com", seconds: 60, expires_in: 600 };
    }),
    handle(getWithdrawForm, WITHDRAW_FORM),
    handle(createRecipient, ({ body }) => {
      const input = body as Record<string, unknown>;
      const saved = beneficiary(
        50 + beneficiaries.length,
        String(input.first_name),
        String(input.last_name),
        Number(input.currency_to_id),
        String(input.account_number),
      );
      beneficiaries.push(saved);
      return success(saved, "Withdrawal account saved.");
    }),
    handle(getOrderDetails, ({ params }) => {
      const order = orders.find((candidate) => candidate.id === params.id);
      if (!order) return failure(404, "Order not found.");
      const { walletMoves: _moves, ...details } = order;
      const service = order.service;
      return {
        ...details,
        service,
        service_name: SERVICE_NAMES[service] ?? service,
        timeline: [],
        recipient: null,
        sender: null,
        payment: null,
      };
    }),
    handle(getCurrencies, CURRENCIES),
    handle(getCountries, []),
    handle(getPaymentMethods, paymentMethods),
    handle(setPaymentMethod, ({ params, body }) => {
      const quotation = quotations.get(params.id);
      if (!quotation) return failure(404, "Quotation not found.");
      // The quotation priced with the chosen method, and which method (spec §4).
      const offer = paymentMethods.find((candidate) => candidate.id === Number(body.payment_type_id));
      return {
        ...withoutExtra(quotation),
        payment_type_id: offer?.id ?? null,
        payment_method_slug: offer?.slug ?? null,
        payment_method_name: offer?.name ?? null,
        payment_profile_id: null,
      };
    }),
    ...cards.handlers,
  ];

  return {
    handlers,
    wallets,
    orders,
    beneficiaries,
    get codesSent() {
      return codesSent;
    },
    balanceOf: (iso: string) => wallets.find((wallet) => wallet.currency.iso === iso)?.balance ?? null,
  };
};
