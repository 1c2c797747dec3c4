import { RESET_SEND_AMOUNT } from "@vela/shared/money";
import { createFlowStore, type FlowActions, type FlowData } from "@/shared/flow/flow-store";
import { flowStepIndex, flowStepPath } from "@/shared/flow/use-flow-steps";
import type { WalletUser } from "../api/types";

/** Spec §2: wallet deposit and wallet conversion share these four steps, numbered from 0. */
export const WALLET_MONEY_STEPS = ["AMOUNT", "PAYMENT", "SEND", "CONFIRMATION"] as const;
/** Send to another user: who, how much, review, done. */
export const WALLET_SEND_STEPS = ["RECIPIENT", "AMOUNT", "SEND", "CONFIRMATION"] as const;
/** Withdraw: how, into which account, how much, the e-mailed code (spec §4's extra step), done. */
export const WALLET_WITHDRAW_STEPS = ["METHOD", "BENEFICIARY", "AMOUNT", "VERIFY", "CONFIRMATION"] as const;

export type WalletFlowName = "deposit" | "convert" | "send" | "withdraw";

export const WALLET_FLOW_STEPS = {
  deposit: WALLET_MONEY_STEPS,
  convert: WALLET_MONEY_STEPS,
  send: WALLET_SEND_STEPS,
  withdraw: WALLET_WITHDRAW_STEPS,
} as const satisfies Record<WalletFlowName, readonly string[]>;

export type WalletFlowStepName<F extends WalletFlowName> = (typeof WALLET_FLOW_STEPS)[F][number];

/** A step's address: `/account/wallets/deposit/payment`. */
export const walletStepPath = (flow: WalletFlowName, step: string) =>
  flowStepPath(walletFlowBasePath(flow), step);

/** Where a wallet flow lives: `/account/wallets/deposit`. */
export const walletFlowBasePath = (flow: WalletFlowName) => `/account/wallets/${flow}`;

/** The step an address names, or -1. */
export const walletStepIndex = (flow: WalletFlowName, segment: string | undefined) =>
  flowStepIndex(WALLET_FLOW_STEPS[flow], segment);

export type WalletFlowData = FlowData & {
  /** The currency paid or sent from (a conversion's and a send's: one of the user's wallets). */
  currency_from_id: number | null;
  /** The currency received (a deposit's and a conversion's: the wallet credited). */
  currency_to_id: number | null;
  /** The amount as typed, and the amount priced (the typed one once the field settles). */
  sendAmount: string;
  send_amount: string;
  /** A send's recipient, as search-user answered (masked name, wallet id, currencies). */
  recipient: WalletUser | null;
  /** A withdrawal's payout method and the account it pays into. */
  withdrawal_method_id: number | null;
  recipient_id: number | null;
  recipient_name: string | null;
  /** The held price; the quotation itself is server state (TanStack Query). */
  quotation_id: number | null;
  /** A withdrawal's code went out to this (masked) address. */
  codeSentTo: string | null;
};

type WalletFlowActions = {
  /** The flow opened from a wallet: its currency is chosen (empty fields stay as they are). */
  preselect: (selection: { currency_from_id?: number | null; currency_to_id?: number | null }) => void;
  setCurrency: (direction: "from" | "to", currencyId: number) => void;
  /** Spec §4: a loaded currencies list selects its first item when none (or one it lacks) is selected. */
  /** A loaded list selects `defaultId` (shared/defaults) when none (or one it lacks) is selected. */
  currenciesLoaded: (
    direction: "from" | "to",
    currencyIds: readonly number[],
    defaultId?: number | null,
  ) => void;
  typeAmount: (amount: string) => void;
  commitAmount: (amount?: string) => void;
  recipientFound: (recipient: WalletUser) => void;
  methodChosen: (methodId: number) => void;
  /** The account a withdrawal pays into: its currency is what arrives. */
  beneficiaryChosen: (beneficiary: { id: number; name: string; currency_id: number }) => void;
  /**
   * Spec §4: after a quotation is created the flow moves on — one step, or two when it is paid
   * from the wallet itself (wallet-continue).
   */
  quotationCreated: (quotationId: number, options?: { isPaidFromWallet?: boolean }) => void;
  codeSent: (sentTo: string) => void;
};

/** Spec §4 reset (the shared `reset`): step 0, the selections, the quotation and the order cleared, the amount '100'. */
export type WalletFlowState = WalletFlowData & FlowActions & WalletFlowActions;

export const INITIAL_WALLET_FLOW_DATA: WalletFlowData = {
  step: 0,
  currency_from_id: null,
  currency_to_id: null,
  sendAmount: RESET_SEND_AMOUNT,
  send_amount: RESET_SEND_AMOUNT,
  recipient: null,
  withdrawal_method_id: null,
  recipient_id: null,
  recipient_name: null,
  quotation_id: null,
  codeSentTo: null,
  transactionKey: null,
  order_id: null,
};

/** What a new price makes stale: the held quotation and anything placed on it. */
const priceChanged: Partial<WalletFlowData> = {
  quotation_id: null,
  codeSentTo: null,
  transactionKey: null,
  order_id: null,
};

const pick = (selected: number | null, ids: readonly number[], defaultId?: number | null) => {
  if (selected !== null && ids.includes(selected)) return selected;
  return defaultId != null && ids.includes(defaultId) ? defaultId : (ids[0] ?? null);
};

/**
 * One small store per wallet flow (STYLE: a documented store per flow, the step mirrored in the
 * URL). The four flows keep the same kind of data, so one factory makes each; a reload keeps the
 * choices (sessionStorage), and the server's answers are asked again.
 */
export const createWalletFlowStore = (flow: WalletFlowName) =>
  createFlowStore<WalletFlowData, WalletFlowActions>({
    name: `vela-wallet-${flow}`,
    stepCount: WALLET_FLOW_STEPS[flow].length,
    initial: INITIAL_WALLET_FLOW_DATA,
    actions: (set, _get, clampStep) => ({
      preselect: (selection) =>
        set((state) => {
          const next: Partial<WalletFlowData> = {};
          if (selection.currency_from_id) next.currency_from_id = selection.currency_from_id;
          if (selection.currency_to_id) next.currency_to_id = selection.currency_to_id;
          return Object.keys(next).length === 0 ? state : { ...next, ...priceChanged };
        }),
      setCurrency: (direction, currencyId) =>
        set((state) => {
          const key = direction === "from" ? "currency_from_id" : "currency_to_id";
          return state[key] === currencyId ? state : { [key]: currencyId, ...priceChanged };
        }),
      currenciesLoaded: (direction, currencyIds, defaultId) =>
        set((state) => {
          const key = direction === "from" ? "currency_from_id" : "currency_to_id";
          const picked = pick(state[key], currencyIds, defaultId);
          return picked === state[key] ? state : { [key]: picked, ...priceChanged };
        }),
      typeAmount: (amount) => set({ sendAmount: amount }),
      commitAmount: (amount) =>
        set((state) => {
          const committed = amount ?? state.sendAmount;
          return committed === state.send_amount && committed === state.sendAmount
            ? state
            : { sendAmount: committed, send_amount: committed, ...priceChanged };
        }),
      recipientFound: (recipient) =>
        set((state) => ({
          recipient,
          // The recipient's currencies decide what can arrive; a choice they lack is dropped.
          currency_to_id: pick(
            state.currency_to_id,
            recipient.currencies.map((currency) => currency.id),
          ),
          ...priceChanged,
        })),
      methodChosen: (methodId) =>
        set((state) =>
          state.withdrawal_method_id === methodId
            ? state
            : { withdrawal_method_id: methodId, recipient_id: null, recipient_name: null, ...priceChanged },
        ),
      beneficiaryChosen: ({ id, name, currency_id }) =>
        set((state) =>
          state.recipient_id === id
            ? state
            : { recipient_id: id, recipient_name: name, currency_to_id: currency_id, ...priceChanged },
        ),
      quotationCreated: (quotationId, options) =>
        set((state) => ({
          ...priceChanged,
          quotation_id: quotationId,
          step: clampStep(state.step + (options?.isPaidFromWallet ? 2 : 1)),
        })),
      codeSent: (sentTo) => set({ codeSentTo: sentTo }),
    }),
  });

export type WalletFlowStore = ReturnType<typeof createWalletFlowStore>;

/** The four flows' stores. */
export const WALLET_FLOW_STORES = {
  deposit: createWalletFlowStore("deposit"),
  convert: createWalletFlowStore("convert"),
  send: createWalletFlowStore("send"),
  withdraw: createWalletFlowStore("withdraw"),
} as const satisfies Record<WalletFlowName, WalletFlowStore>;
