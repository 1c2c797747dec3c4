import { useQuery } from "@tanstack/react-query";
import type { ConfirmationRecord } from "@vela/shared/orders";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { isOrderMoving, pollUntilFinal, useConfirmedOrder } from "@/shared/flow/use-flow-order";
import { useFlowSteps } from "@/shared/flow/use-flow-steps";
import { walletQuotationQueryOptions } from "../api/create-quotation";
import { type WalletOrderRecord, walletOrderQueryOptions } from "../api/get-order";
import {
  WALLET_FLOW_STEPS,
  WALLET_FLOW_STORES,
  type WalletFlowName,
  type WalletFlowStepName,
  walletFlowBasePath,
} from "../stores/wallet-flow-store";

/** The search parameters a dashboard's service button carries: the wallet's currency. */
const PRESELECT_KEYS = ["currency_from_id", "currency_to_id"] as const;

/** How often CONFIRMATION asks for an order that still moves. */
const ORDER_POLL_MS = 4000;

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * What every wallet flow route does the same way: the flow kit's step↔URL plumbing, a fresh start
 * when a wallet's service button opens the flow with its currency, the held quotation as server
 * state, and the placed order that CONFIRMATION (always the last step) follows.
 */
export const useWalletFlow = (flow: WalletFlowName) => {
  const [search, setSearch] = useSearchParams();
  const steps = WALLET_FLOW_STEPS[flow];
  const store = WALLET_FLOW_STORES[flow];
  const state = store();
  const { setStep, reset, preselect } = state;
  const { index, name, go, pathOf } = useFlowSteps<WalletFlowStepName<WalletFlowName>>({
    steps,
    basePath: walletFlowBasePath(flow),
    setStep,
  });

  // A service button of the dashboard starts the flow afresh with the wallet's currency.
  const from = idOf(search.get("currency_from_id"));
  const to = idOf(search.get("currency_to_id"));
  useEffect(() => {
    if (index !== 0 || (from === null && to === null)) return;
    reset();
    preselect({ currency_from_id: from, currency_to_id: to });
    setSearch(
      (params) => {
        for (const key of PRESELECT_KEYS) params.delete(key);
        return params;
      },
      { replace: true },
    );
  }, [index, from, to, reset, preselect, setSearch]);

  const quotation = useQuery({
    ...walletQuotationQueryOptions(state.quotation_id ?? 0),
    enabled: state.quotation_id !== null && index > 0,
  });

  const lastStep = steps.length - 1;
  const { placeholder, showConfirmed } = useConfirmedOrder<WalletOrderRecord>(state.order_id);
  const order = useQuery({
    ...walletOrderQueryOptions(state.order_id),
    enabled: state.order_id !== null && index === lastStep,
    placeholderData: placeholder,
    refetchInterval: pollUntilFinal(isOrderMoving, ORDER_POLL_MS),
  });
  /** The review placed the order: on to CONFIRMATION, which back does not leave for the review. */
  const confirm = (record: ConfirmationRecord) => {
    showConfirmed(record);
    store.getState().transactionConfirmed(record.order_id);
    go(lastStep, { replace: true });
  };
  /** "Again" on CONFIRMATION: a new flow from its first step. */
  const restart = () => {
    store.getState().reset();
    showConfirmed(null);
    go(0);
  };

  return { flow, steps, index, name, store, state, go, quotation, order, confirm, restart, pathOf };
};
