import { useQuery } from "@tanstack/react-query";
import type { ConfirmationRecord } from "@vela/shared/orders";
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { walletQuotationQueryOptions } from "../api/create-quotation";
import { walletOrderQueryOptions } from "../api/get-order";
import {
  WALLET_FLOW_STEPS,
  WALLET_FLOW_STORES,
  type WalletFlowName,
  walletStepIndex,
  walletStepPath,
} from "../stores/wallet-flow-store";

/** The search parameters a dashboard's service button carries: the wallet's currency. */
const PRESELECT_KEYS = ["currency_from_id", "currency_to_id"] as const;

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * What every wallet flow route does the same way: the step named by the address (the store's
 * counter follows it, so reload and the back button land on the same step), going to a step by
 * name, a fresh start when a wallet's service button opens the flow with its currency, the held
 * quotation as server state, and the placed order that CONFIRMATION (always the last step) follows.
 */
export const useWalletFlow = (flow: WalletFlowName) => {
  const { step: segment } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const steps = WALLET_FLOW_STEPS[flow];
  const index = walletStepIndex(flow, segment);
  const store = WALLET_FLOW_STORES[flow];
  const state = store();
  const { setStep, reset, preselect } = state;

  useEffect(() => {
    if (index >= 0) setStep(index);
  }, [index, setStep]);

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

  const go = useCallback(
    (step: number, options?: { replace?: boolean }) => {
      const name = steps[step];
      if (name) navigate(walletStepPath(flow, name), options);
    },
    [flow, steps, navigate],
  );

  const quotation = useQuery({
    ...walletQuotationQueryOptions(state.quotation_id ?? 0),
    enabled: state.quotation_id !== null && index > 0,
  });

  const lastStep = steps.length - 1;
  // The transaction's own answer stands in for the order until its details arrive.
  const [confirmed, setConfirmed] = useState<ConfirmationRecord | null>(null);
  const order = useQuery({
    ...walletOrderQueryOptions(state.order_id),
    enabled: state.order_id !== null && index === lastStep,
    placeholderData: confirmed?.order_id === state.order_id ? (confirmed ?? undefined) : undefined,
  });
  /** The review placed the order: on to CONFIRMATION, which back does not leave for the review. */
  const confirm = (record: ConfirmationRecord) => {
    setConfirmed(record);
    store.getState().transactionConfirmed(record.order_id);
    go(lastStep, { replace: true });
  };
  /** "Again" on CONFIRMATION: a new flow from its first step. */
  const restart = () => {
    store.getState().reset();
    setConfirmed(null);
    go(0);
  };

  return {
    flow,
    steps,
    index,
    name: index >= 0 ? steps[index] : undefined,
    store,
    state,
    go,
    quotation,
    order,
    confirm,
    restart,
    /** The address of a step of this flow. */
    pathOf: (step: string) => walletStepPath(flow, step),
  };
};
