import { DEFAULT_SEND_AMOUNT, RESET_SEND_AMOUNT } from "@vela/shared/money";
import type { Quotation } from "@vela/shared/pricing";
import { createFlowStore, type FlowActions, type FlowData } from "@/shared/flow/flow-store";

/** sessionStorage key of the flow's choices: a reload keeps the flow, a new tab starts afresh. */
export const SEND_MONEY_STORAGE_KEY = "vela-send-money";

/** The send-money flow's steps, numbered from 0 (spec §2). */
export const SEND_MONEY_STEPS = ["AMOUNT", "SENDER", "RECIPIENT", "PAYMENT", "SEND", "CONFIRMATION"] as const;
export type SendMoneyStepName = (typeof SEND_MONEY_STEPS)[number];

/** Which of the two amount fields a person fills in; the other one follows from the calculator. */
export type AmountSide = "send" | "receiving";

/** An amount as the person typed it, and in which field. */
export type TypedAmount = { side: AmountSide; amount: string };

/** The spec §5 message shown by a field after its amount was replaced by a limit. */
export type LimitNotice = { field: AmountSide; message: string };

/** A replacement decided by the §5 rules: which amount becomes what, and the message to show. */
export type AmountCorrection = { field: AmountSide; amount: string; message: string };

type SendMoneyData = FlowData & {
  /**
   * The chosen countries, currencies and delivery method (spec §3). The lists are server state
   * (TanStack Query); null, or an id the loaded list lacks, means "none chosen", and the AMOUNT step
   * shows the list's default (the person's country and currency, the `vela` method; spec §4).
   */
  country_from_id: number | null;
  country_to_id: number | null;
  currency_from_id: number | null;
  currency_to_id: number | null;
  shipping_method_id: number | null;
  /**
   * The amount the person typed, as a decimal string ("12.5", "" when empty), on the side they typed
   * it: the calculator is asked with that one (send or receiving, never both) and the other amount
   * is what its answer says. The only copy of the amount: what is priced is derived from it.
   */
  amount: string;
  amountSide: AmountSide;
  /** The §5 message shown after the amount was replaced by its minimum or maximum. */
  limitNotice: LimitNotice | null;
  /** The quotation created from the calculation when the flow continues; null before (no placeholder id). */
  quotation_id: number | null;
  quotationData: Quotation | null;
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
  setShippingMethod: (methodId: number) => void;
  /** The person typed into one amount field: that side becomes the typed one and the old limit notice goes. */
  typeAmount: (side: AmountSide, amount: string) => void;
  /** Applies a §5 replacement: the amount is set on its side, and the message kept. */
  applyCorrection: (correction: AmountCorrection) => void;
};

/**
 * The shared `reset` is spec §4's: step 0; quotation and selected currencies cleared; amounts '100'
 * (the calculation lives in the query cache, keyed by the selection, so it follows).
 */
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
  amount: DEFAULT_SEND_AMOUNT,
  amountSide: "send",
  quotation_id: null,
  quotationData: null,
  limitNotice: null,
  ...NO_PARTIES_YET,
};

/** A limit message belongs to the old selection once any part of the corridor or the method changes. */
const SELECTION_CHANGED = { limitNotice: null } as const satisfies Partial<SendMoneyData>;

/**
 * The send-money flow's state (spec §3 send money fields, §4 transitions). One store for the flow,
 * read by its steps; the AMOUNT step also runs on the home page, so what the person chose there is
 * still here when the flow opens (its price is in the query cache, keyed by that choice).
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
    "amount",
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
        if (send) Object.assign(next, { amount: send, amountSide: "send" });
        else if (receiving) Object.assign(next, { amount: receiving, amountSide: "receiving" });
        if (Object.keys(next).length === 0) return state;
        return { ...next, ...SELECTION_CHANGED };
      }),

    reset: () =>
      set({
        step: 0,
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
        amount: RESET_SEND_AMOUNT,
        amountSide: "send",
        limitNotice: null,
      }),

    setCountryFrom: (countryId) =>
      set((state) =>
        state.country_from_id === countryId
          ? state
          : { country_from_id: countryId, currency_from_id: null, ...SELECTION_CHANGED },
      ),
    setCountryTo: (countryId) =>
      set((state) =>
        state.country_to_id === countryId
          ? state
          : { country_to_id: countryId, currency_to_id: null, ...SELECTION_CHANGED },
      ),
    setCurrencyFrom: (currencyId) =>
      set((state) =>
        state.currency_from_id === currencyId
          ? state
          : { currency_from_id: currencyId, ...SELECTION_CHANGED },
      ),
    setCurrencyTo: (currencyId) =>
      set((state) =>
        state.currency_to_id === currencyId ? state : { currency_to_id: currencyId, ...SELECTION_CHANGED },
      ),
    setShippingMethod: (methodId) =>
      set((state) =>
        state.shipping_method_id === methodId
          ? state
          : { shipping_method_id: methodId, ...SELECTION_CHANGED },
      ),

    typeAmount: (side, amount) => set({ amount, amountSide: side, limitNotice: null }),
    applyCorrection: ({ field, amount, message }) =>
      set({ amount, amountSide: field, limitNotice: { field, message } }),
  }),
});
