import { completeAmount } from "@vela/shared/amount-text";
import { type CorridorLimits, DEFAULT_SHIPPING_METHOD, fallbackLimits } from "@vela/shared/limits";
import { DEFAULT_SEND_AMOUNT, RESET_SEND_AMOUNT } from "@vela/shared/money";
import type { Calculation, Quotation, ShippingMethod } from "@vela/shared/pricing";
import { createFlowStore, type FlowActions, type FlowData } from "@/shared/flow/flow-store";

/** sessionStorage key of the flow's choices: a reload keeps the flow, a new tab starts afresh. */
export const SEND_MONEY_STORAGE_KEY = "vela-send-money";

/** The send-money flow's steps, numbered from 0 (spec §2). */
export const SEND_MONEY_STEPS = ["AMOUNT", "SENDER", "RECIPIENT", "PAYMENT", "SEND", "CONFIRMATION"] as const;
export type SendMoneyStepName = (typeof SEND_MONEY_STEPS)[number];

/** Which of the two amount fields a person fills in; the other one follows from the calculator. */
export type AmountSide = "send" | "receiving";

/** The spec §5 message shown by a field after its amount was replaced by a limit. */
export type LimitNotice = { field: AmountSide; message: string };

/** A replacement decided by the §5 rules: which amount becomes what, and the message to show. */
export type AmountCorrection = { field: AmountSide; amount: string; message: string };

type SendMoneyData = FlowData & {
  /** The country the money leaves from; null until chosen or until the list preselects its first. */
  country_from_id: number | null;
  /** The country the money goes to; null until chosen or preselected. */
  country_to_id: number | null;
  /**
   * The selected item of the from-currencies list (spec §3). The lists themselves are server state
   * (TanStack Query); null means "none selected", so loading the list selects its first (spec §4).
   */
  currency_from_id: number | null;
  /** The selected item of the to-currencies list; same rule as currency_from_id. */
  currency_to_id: number | null;
  /** The delivery ("shipping") method; null until the corridor's methods are loaded. */
  shipping_method_id: number | null;
  /** The chosen method's display name, as the API sends it ("Vela wallet"). */
  shipping_method_name: string | null;
  /** The chosen method's slug; the spec's default is the product's own wallet delivery, `vela`. */
  shipping_method_slug: string;
  /** What the send amount field holds, as a decimal string while the person types ("12.5", "" when empty). */
  sendAmount: string;
  /** The send amount committed for pricing: what the calculator is (or was last) asked with. */
  send_amount: string;
  /** What the receiving amount field holds, as a decimal string. */
  receivingAmount: string;
  /** The receiving amount committed for pricing, or the one the calculator answered. */
  receiving_amount: string;
  /**
   * Which amount the person fixed by typing it (once committed): the calculator is asked with that
   * one (send_amount or receiving_amount, never both) and the other field follows from its answer.
   */
  amountSide: AmountSide;
  /** Send and receiving limits of the corridor's delivery method; the spec's 10 / 10 000 until known. */
  limits: CorridorLimits;
  /** The calculator's last answer for the current selection; null while there is none. */
  calculationData: Calculation | null;
  /** The quotation created from the calculation when the flow continues; null before (no placeholder id). */
  quotation_id: number | null;
  quotationData: Quotation | null;
  /** The §5 message shown after an amount was replaced by its minimum or maximum. */
  limitNotice: LimitNotice | null;
  /** The recipient chosen for the quotation (spec §3 recipient_id, recipient_name); null until chosen. */
  recipient_id: number | null;
  recipient_name: string | null;
  /** What choosing the recipient answered (spec §4): what the next steps send, and the summary. */
  sendData: Record<string, unknown> | null;
  summaryData: Record<string, unknown> | null;
  /** Who sends, as choosing the recipient answered it (send_data.sender_id); null until known. */
  sender_id: number | null;
  sender_name: string | null;
};

/** The answer of choosing a recipient on the quotation (spec §4). */
export type RecipientChosen = {
  recipient_id: number;
  recipient_name: string;
  sendData: Record<string, unknown>;
  summaryData: Record<string, unknown>;
};

type SendMoneyActions = {
  /** Spec §4: a created quotation is kept and the flow moves to the next step. */
  quotationCreated: (quotation: Quotation) => void;
  /** Spec §4: loading the recipients list first clears the chosen recipient. */
  recipientsLoading: () => void;
  /** Spec §4: the recipient chosen on the quotation, with the answer's send data and summary. */
  recipientChosen: (chosen: RecipientChosen) => void;
  /** The sender named on the quotation (the SENDER step's answer). */
  senderChosen: (sender: { sender_id: number | null; sender_name: string | null }) => void;
  /** The home calculator's selection arrived in the address: the AMOUNT step starts from it. */
  applySelection: (selection: Partial<Record<string, string>>) => void;
  /** A new origin: the currencies follow the country, so its currency selection is cleared. */
  setCountryFrom: (countryId: number) => void;
  setCountryTo: (countryId: number) => void;
  setCurrencyFrom: (currencyId: number) => void;
  setCurrencyTo: (currencyId: number) => void;
  /**
   * Spec §4: a loaded countries list selects an item when none (or one it lacks) is selected: the
   * default the caller worked out (shared/defaults: the user's country, the browser's region, a
   * served one), the first item only without one.
   */
  countriesLoaded: (
    direction: "from" | "to",
    countryIds: readonly number[],
    defaultId?: number | null,
  ) => void;
  /** The same for a currencies list (the default: the selected country's own currency). */
  currenciesLoaded: (
    direction: "from" | "to",
    currencyIds: readonly number[],
    defaultId?: number | null,
  ) => void;
  setShippingMethod: (method: ShippingMethod) => void;
  /**
   * A corridor's methods arrived: a chosen method the corridor offers is kept, otherwise the
   * default `vela` one is chosen, otherwise the first; an empty list clears the choice.
   */
  shippingMethodsLoaded: (methods: readonly ShippingMethod[]) => void;
  /** The person typed into one amount field: the field changes and the old limit notice goes. */
  typeAmount: (side: AmountSide, amount: string) => void;
  /**
   * Commits a field for pricing (after the debounce, or when the field is left): that side becomes
   * the fixed one and its typed amount is what the calculator is asked.
   */
  commitAmount: (side: AmountSide) => void;
  /**
   * The currencies' digits are known (or changed): every amount is written with them, so "100.00"
   * becomes "100" in yen and "12.5" becomes "12.50" in dollars.
   */
  completeAmounts: (fromDecimals: number, toDecimals: number) => void;
  /** Applies a §5 replacement: the amount is set and committed, its side fixed, and the message kept. */
  applyCorrection: (correction: AmountCorrection) => void;
  /** The limits arrived; null (absent or failed) means the spec's fallback 10 / 10 000. */
  limitsLoaded: (limits: CorridorLimits | null) => void;
  /** A calculation for the current selection arrived: the amount not typed follows it. */
  calculationLoaded: (calculation: Calculation) => void;
};

/** The shared `reset` is spec §4's: step 0; calculation, quotation and selected currencies cleared; amounts '100'. */
export type SendMoneyState = SendMoneyData & FlowActions & SendMoneyActions;

/** A new quotation has no sender, recipient or transaction attempt yet: what a new flow starts with too. */
const NO_PARTIES_YET = {
  recipient_id: null,
  recipient_name: null,
  sendData: null,
  summaryData: null,
  sender_id: null,
  sender_name: null,
  transactionKey: null,
  order_id: null,
} as const satisfies Partial<SendMoneyData>;

/** A new flow (spec §9: the send amount starts at '100.00'). */
export const INITIAL_SEND_MONEY_DATA: SendMoneyData = {
  step: 0,
  country_from_id: null,
  country_to_id: null,
  currency_from_id: null,
  currency_to_id: null,
  shipping_method_id: null,
  shipping_method_name: null,
  shipping_method_slug: DEFAULT_SHIPPING_METHOD,
  sendAmount: DEFAULT_SEND_AMOUNT,
  send_amount: DEFAULT_SEND_AMOUNT,
  receivingAmount: "",
  receiving_amount: "",
  amountSide: "send",
  limits: fallbackLimits(),
  calculationData: null,
  quotation_id: null,
  quotationData: null,
  limitNotice: null,
  ...NO_PARTIES_YET,
};

/**
 * Whatever was priced belongs to the old selection once any part of the corridor or the method
 * changes: the calculation, the limit message, and the amount that followed from the old price
 * (the amount the person typed stays, and is priced again).
 */
const selectionChanged = (state: SendMoneyData): Partial<SendMoneyData> => ({
  calculationData: null,
  limitNotice: null,
  ...(state.amountSide === "send"
    ? { receivingAmount: "", receiving_amount: "" }
    : { sendAmount: "", send_amount: "" }),
});

const pickListItem = (selected: number | null, ids: readonly number[], defaultId?: number | null) => {
  if (selected !== null && ids.includes(selected)) return selected;
  return defaultId != null && ids.includes(defaultId) ? defaultId : (ids[0] ?? null);
};

const isSameLimits = (a: CorridorLimits, b: CorridorLimits) =>
  a.send.min === b.send.min &&
  a.send.max === b.send.max &&
  a.receiving.min === b.receiving.min &&
  a.receiving.max === b.receiving.max;

/**
 * The send-money flow's state (spec §3 send money fields, §4 transitions). One store for the flow,
 * read by its steps; the AMOUNT step also runs on the home page, so a price worked out there is
 * still here when the flow opens.
 */
export const useSendMoneyStore = createFlowStore<SendMoneyData, SendMoneyActions>({
  name: SEND_MONEY_STORAGE_KEY,
  stepCount: SEND_MONEY_STEPS.length,
  initial: INITIAL_SEND_MONEY_DATA,
  // Only the person's choices are kept; what the server answered (calculation, quotation, send
  // data, summary) is asked again, and lives in TanStack Query. The step too is kept here.
  persisted: [
    "step",
    "country_from_id",
    "country_to_id",
    "currency_from_id",
    "currency_to_id",
    "shipping_method_id",
    "shipping_method_name",
    "shipping_method_slug",
    "sendAmount",
    "send_amount",
    "receivingAmount",
    "receiving_amount",
    "amountSide",
    "quotation_id",
    "recipient_id",
    "recipient_name",
    "sender_id",
    "sender_name",
    "transactionKey",
    "order_id",
  ],
  actions: (set, _get, clampStep) => ({
    quotationCreated: (quotation) =>
      set((state) => ({
        quotation_id: quotation.id,
        quotationData: quotation,
        ...NO_PARTIES_YET,
        step: clampStep(state.step + 1),
      })),
    recipientsLoading: () => set({ recipient_id: null }),
    recipientChosen: ({ recipient_id, recipient_name, sendData, summaryData }) =>
      set({
        recipient_id,
        recipient_name,
        sendData,
        summaryData,
        // The answer names the sender too; when it does not, the SENDER step's choice stays.
        ...(typeof sendData.sender_id === "number" ? { sender_id: sendData.sender_id } : {}),
        ...(typeof sendData.sender_name === "string" ? { sender_name: sendData.sender_name } : {}),
      }),
    senderChosen: ({ sender_id, sender_name }) => set({ sender_id, sender_name }),
    applySelection: (selection) =>
      set((state) => {
        const id = (key: string) => {
          const value = Number(selection[key]);
          return Number.isInteger(value) && value > 0 ? value : null;
        };
        const amount = (key: string) => {
          const value = selection[key];
          return value && /^\d+(\.\d+)?$/.test(value) ? value : null;
        };
        const next: Partial<SendMoneyData> = {};
        const countryFrom = id("country_from_id");
        const countryTo = id("country_to_id");
        const currencyFrom = id("currency_from_id");
        const currencyTo = id("currency_to_id");
        const method = id("shipping_method_id");
        if (countryFrom !== null) next.country_from_id = countryFrom;
        if (countryTo !== null) next.country_to_id = countryTo;
        if (currencyFrom !== null) next.currency_from_id = currencyFrom;
        if (currencyTo !== null) next.currency_to_id = currencyTo;
        if (method !== null) next.shipping_method_id = method;
        const send = amount("send_amount");
        const receiving = amount("receiving_amount");
        if (send) Object.assign(next, { sendAmount: send, send_amount: send, amountSide: "send" });
        else if (receiving)
          Object.assign(next, {
            receivingAmount: receiving,
            receiving_amount: receiving,
            amountSide: "receiving",
          });
        if (Object.keys(next).length === 0) return state;
        return { ...next, ...selectionChanged({ ...state, ...next }) };
      }),

    reset: () =>
      set({
        step: 0,
        calculationData: null,
        quotation_id: null,
        quotationData: null,
        recipient_id: null,
        recipient_name: null,
        sendData: null,
        summaryData: null,
        // The confirmation (confirmationData) and its attempt go with the quotation.
        order_id: null,
        transactionKey: null,
        currency_from_id: null,
        currency_to_id: null,
        // Spec §9: "after reset '100'" — written without decimals, as the spec writes it.
        sendAmount: RESET_SEND_AMOUNT,
        send_amount: RESET_SEND_AMOUNT,
        receivingAmount: "",
        receiving_amount: "",
        amountSide: "send",
        limitNotice: null,
      }),

    setCountryFrom: (countryId) =>
      set((state) =>
        state.country_from_id === countryId
          ? state
          : { country_from_id: countryId, currency_from_id: null, ...selectionChanged(state) },
      ),
    setCountryTo: (countryId) =>
      set((state) =>
        state.country_to_id === countryId
          ? state
          : { country_to_id: countryId, currency_to_id: null, ...selectionChanged(state) },
      ),
    setCurrencyFrom: (currencyId) =>
      set((state) =>
        state.currency_from_id === currencyId
          ? state
          : { currency_from_id: currencyId, ...selectionChanged(state) },
      ),
    setCurrencyTo: (currencyId) =>
      set((state) =>
        state.currency_to_id === currencyId
          ? state
          : { currency_to_id: currencyId, ...selectionChanged(state) },
      ),

    countriesLoaded: (direction, countryIds, defaultId) =>
      set((state) => {
        const key = direction === "from" ? "country_from_id" : "country_to_id";
        const picked = pickListItem(state[key], countryIds, defaultId);
        if (picked === state[key]) return state;
        const currencyKey = direction === "from" ? "currency_from_id" : "currency_to_id";
        return { [key]: picked, [currencyKey]: null, ...selectionChanged(state) };
      }),
    currenciesLoaded: (direction, currencyIds, defaultId) =>
      set((state) => {
        const key = direction === "from" ? "currency_from_id" : "currency_to_id";
        const picked = pickListItem(state[key], currencyIds, defaultId);
        return picked === state[key] ? state : { [key]: picked, ...selectionChanged(state) };
      }),

    setShippingMethod: (method) =>
      set((state) => ({
        shipping_method_id: method.id,
        shipping_method_name: method.name,
        shipping_method_slug: method.slug,
        ...(state.shipping_method_id === method.id ? {} : selectionChanged(state)),
      })),
    shippingMethodsLoaded: (methods) =>
      set((state) => {
        const method =
          methods.find((candidate) => candidate.id === state.shipping_method_id) ??
          methods.find((candidate) => candidate.slug === DEFAULT_SHIPPING_METHOD) ??
          methods[0];
        if (!method) {
          return {
            shipping_method_id: null,
            shipping_method_name: null,
            shipping_method_slug: DEFAULT_SHIPPING_METHOD,
            ...selectionChanged(state),
          };
        }
        // The same list again (the home page asks it before the AMOUNT step mounts) changes nothing.
        if (
          state.shipping_method_id === method.id &&
          state.shipping_method_name === method.name &&
          state.shipping_method_slug === method.slug
        )
          return state;
        return {
          shipping_method_id: method.id,
          shipping_method_name: method.name,
          shipping_method_slug: method.slug,
          ...(state.shipping_method_id === method.id ? {} : selectionChanged(state)),
        };
      }),

    typeAmount: (side, amount) =>
      set(
        side === "send"
          ? { sendAmount: amount, limitNotice: null }
          : { receivingAmount: amount, limitNotice: null },
      ),
    commitAmount: (side) =>
      set((state) =>
        side === "send"
          ? { amountSide: side, send_amount: state.sendAmount }
          : { amountSide: side, receiving_amount: state.receivingAmount },
      ),
    completeAmounts: (fromDecimals, toDecimals) =>
      set((state) => {
        const completed = {
          sendAmount: completeAmount(state.sendAmount, fromDecimals),
          send_amount: completeAmount(state.send_amount, fromDecimals),
          receivingAmount: completeAmount(state.receivingAmount, toDecimals),
          receiving_amount: completeAmount(state.receiving_amount, toDecimals),
        };
        const isSame = (Object.keys(completed) as (keyof typeof completed)[]).every(
          (key) => completed[key] === state[key],
        );
        return isSame ? state : completed;
      }),
    applyCorrection: ({ field, amount, message }) =>
      set(
        field === "send"
          ? { sendAmount: amount, send_amount: amount, amountSide: "send", limitNotice: { field, message } }
          : {
              receivingAmount: amount,
              receiving_amount: amount,
              amountSide: "receiving",
              limitNotice: { field, message },
            },
      ),

    // The same limits again (the step's effect after the home page has applied them, or the ones a
    // price answer carried) change nothing, so the step does not render again for them.
    limitsLoaded: (limits) =>
      set((state) => {
        const next = limits ?? fallbackLimits();
        return isSameLimits(state.limits, next) ? state : { limits: next };
      }),
    calculationLoaded: (calculation) =>
      set((state) =>
        state.calculationData === calculation
          ? state
          : {
              calculationData: calculation,
              limits: calculation.limits,
              shipping_method_name: calculation.shipping_method.name,
              shipping_method_slug: calculation.shipping_method.slug,
              ...(state.amountSide === "send"
                ? {
                    receivingAmount: calculation.receiving_amount,
                    receiving_amount: calculation.receiving_amount,
                  }
                : { sendAmount: calculation.send_amount, send_amount: calculation.send_amount }),
            },
      ),
  }),
});
