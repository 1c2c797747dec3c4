import { create, type StoreApi } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** What every flow's store holds, whatever else its steps choose. */
export type FlowData = {
  /** The current step, an index into the flow's steps (spec §4: starts at 0). */
  step: number;
  /**
   * The Idempotency-Key of the transaction attempt: made once, kept across a double click, a retry
   * and a reload, so the order is placed at most once; a new attempt gets a new one.
   */
  transactionKey: string | null;
  /** The placed order: CONFIRMATION follows it. */
  order_id: number | null;
};

/** The step moves of spec §4 and the transaction attempt's key, the same in every flow. */
export type FlowActions = {
  /** Goes to a step the address names (the flow's URL and its counter stay in step). */
  setStep: (step: number) => void;
  /** Continue: the next step, never past the last. */
  continueStep: () => void;
  /** Back: the previous step, never before the first. */
  backStep: () => void;
  /** Wallet-continue skips a step: two forward (spec §4). */
  walletContinueStep: () => void;
  /** The Idempotency-Key of the transaction attempt, made on first use and then kept. */
  ensureTransactionKey: () => string;
  /** The attempt got a final answer (a refusal) or changed (another payment): the next try is new. */
  forgetTransactionKey: () => void;
  /** The transaction was confirmed: its order is what CONFIRMATION shows, and the attempt is over. */
  transactionConfirmed: (orderId: number) => void;
  /** Spec §4 reset: step 0 and the flow's first data (a flow may clear less, see send money). */
  reset: () => void;
};

type FlowState<Data extends FlowData, Actions> = Data & FlowActions & Actions;

/**
 * Makes one flow's store (STYLE: a small documented store per flow, the step mirrored in the URL):
 * the step moves and the transaction key every flow shares, the flow's own actions, and its
 * persistence in sessionStorage under `name` (a reload keeps the flow, a new tab starts afresh).
 * Only the person's choices are kept there; what the server answered lives in TanStack Query.
 */
export const createFlowStore = <Data extends FlowData, Actions extends object>({
  name,
  stepCount,
  initial,
  persisted = (Object.keys(initial) as (keyof Data)[]).filter((key) => key !== "step"),
  actions,
}: {
  /** The sessionStorage key; kept as it is so a reload mid-flow after a release still works. */
  name: string;
  /** How many steps the flow has: the step counter stays within them. */
  stepCount: number;
  /** A new flow's data. */
  initial: Data;
  /** The fields a reload keeps; by default all but the step, which then follows the address. */
  persisted?: readonly (keyof Data)[];
  /** The flow's own actions; one named like a shared action replaces it. */
  actions: (
    set: StoreApi<FlowState<Data, Actions>>["setState"],
    get: () => FlowState<Data, Actions>,
    clampStep: (step: number) => number,
  ) => Actions & Partial<FlowActions>;
}) => {
  const clampStep = (step: number) => Math.min(Math.max(step, 0), stepCount - 1);
  return create<FlowState<Data, Actions>>()(
    persist(
      (set, get) => {
        // Data extends FlowData, so a patch of the shared fields is a patch of the flow's state;
        // TypeScript cannot follow that through the generic, hence the one widening here.
        const patch = (next: Partial<FlowData>) => next as Partial<FlowState<Data, Actions>>;
        const shared: FlowActions = {
          setStep: (step) => set(patch({ step: clampStep(step) })),
          continueStep: () => set((state) => patch({ step: clampStep(state.step + 1) })),
          backStep: () => set((state) => patch({ step: clampStep(state.step - 1) })),
          walletContinueStep: () => set((state) => patch({ step: clampStep(state.step + 2) })),
          ensureTransactionKey: () => {
            const existing = get().transactionKey;
            if (existing) return existing;
            const key = crypto.randomUUID();
            set(patch({ transactionKey: key }));
            return key;
          },
          forgetTransactionKey: () => set(patch({ transactionKey: null })),
          transactionConfirmed: (orderId) => set(patch({ order_id: orderId, transactionKey: null })),
          reset: () => set(patch({ ...initial })),
        };
        return { ...initial, ...shared, ...actions(set, get, clampStep) };
      },
      {
        name,
        storage: createJSONStorage(() => sessionStorage),
        partialize: (state) => Object.fromEntries(persisted.map((key) => [key, state[key]])),
      },
    ),
  );
};
