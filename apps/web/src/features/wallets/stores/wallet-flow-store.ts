import { RESET_SEND_AMOUNT } from "@vela/shared/money";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
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
  `/account/wallets/${flow}/${step.toLowerCase()}`;

/** The step an address names, or -1. */
export const walletStepIndex = (flow: WalletFlowName, segment: string | undefined) =>
  WALLET_FLOW_STEPS[flow].findIndex((step) => step.toLowerCase() === segment?.toLowerCase());

export type WalletFlowData = {
  /** The current step (spec §4: from 0; continue +1, back −1, wallet-continue +2). */
  step: number;
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
  /** The transaction attempt's Idempotency-Key, kept across a double click, a retry and a reload. */
  transactionKey: string | null;
  /** The placed order: CONFIRMATION shows it. */
  order_id: number | null;
};

type WalletFlowActions = {
  setStep: (step: number) => void;
  continueStep: () => void;
  backStep: () => void;
  /** Spec §4: a wallet-continue skips two steps (a conversion paid from the wallet has no PAYMENT). */
  walletContinueStep: () => void;
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
  ensureTransactionKey: () => string;
  /** The attempt got a final answer (a refusal): the next try is a new attempt. */
  forgetTransactionKey: () => void;
  transactionConfirmed: (orderId: number) => void;
  /** Spec §4 reset: step 0, the selections, the quotation and the order cleared, the amount '100'. */
  reset: () => void;
};

export type WalletFlowState = WalletFlowData & WalletFlowActions;

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
export const createWalletFlowStore = (flow: WalletFlowName) => {
  const lastStep = WALLET_FLOW_STEPS[flow].length - 1;
  const clamp = (step: number) => Math.min(Math.max(step, 0), lastStep);
  return create<WalletFlowState>()(
    persist(
      (set, get) => ({
        ...INITIAL_WALLET_FLOW_DATA,
        setStep: (step) => set({ step: clamp(step) }),
        continueStep: () => set((state) => ({ step: clamp(state.step + 1) })),
        backStep: () => set((state) => ({ step: clamp(state.step - 1) })),
        walletContinueStep: () => set((state) => ({ step: clamp(state.step + 2) })),
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
            step: clamp(state.step + (options?.isPaidFromWallet ? 2 : 1)),
          })),
        codeSent: (sentTo) => set({ codeSentTo: sentTo }),
        ensureTransactionKey: () => {
          const existing = get().transactionKey;
          if (existing) return existing;
          const key = crypto.randomUUID();
          set({ transactionKey: key });
          return key;
        },
        forgetTransactionKey: () => set({ transactionKey: null }),
        transactionConfirmed: (orderId) => set({ order_id: orderId, transactionKey: null }),
        reset: () => set({ ...INITIAL_WALLET_FLOW_DATA }),
      }),
      {
        name: `vela-wallet-${flow}`,
        storage: createJSONStorage(() => sessionStorage),
        // The step follows the address; everything else the person chose is kept.
        partialize: (state): Partial<WalletFlowData> =>
          Object.fromEntries(
            (Object.keys(INITIAL_WALLET_FLOW_DATA) as (keyof WalletFlowData)[])
              .filter((key) => key !== "step")
              .map((key) => [key, state[key]]),
          ),
      },
    ),
  );
};

export type WalletFlowStore = ReturnType<typeof createWalletFlowStore>;

/** The four flows' stores. */
export const WALLET_FLOW_STORES = {
  deposit: createWalletFlowStore("deposit"),
  convert: createWalletFlowStore("convert"),
  send: createWalletFlowStore("send"),
  withdraw: createWalletFlowStore("withdraw"),
} as const satisfies Record<WalletFlowName, WalletFlowStore>;
