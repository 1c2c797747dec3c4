import type { PurchaseService } from "@vela/shared/purchases";
import { createFlowStore, type FlowActions, type FlowData } from "@/shared/flow/flow-store";
import { flowStepIndex, flowStepPath } from "@/shared/flow/use-flow-steps";

/** Spec §2: a phone top-up and a gift card share these four steps, numbered from 0. */
export const TOPUP_STEPS = ["AMOUNT", "PAYMENT", "SEND", "CONFIRMATION"] as const;
export const GIFT_CARD_STEPS = ["AMOUNT", "PAYMENT", "SEND", "CONFIRMATION"] as const;
/** A bill: which service, which provider, which plan (skipped without plans), whose bill, then pay. */
export const BILL_STEPS = [
  "SERVICE",
  "PROVIDER",
  "PLAN",
  "RECIPIENT",
  "PAYMENT",
  "SEND",
  "CONFIRMATION",
] as const;

export const PURCHASE_FLOW_STEPS = {
  "reload-phones": TOPUP_STEPS,
  "gift-cards": GIFT_CARD_STEPS,
  "prepaid-pay-bills": BILL_STEPS,
} as const satisfies Record<PurchaseService, readonly string[]>;

/** An agent's flows start with who pays: the walk-in customer (issue 20). */
export const SENDER_STEP = "SENDER";

export type PurchaseStepName = (typeof PURCHASE_FLOW_STEPS)[PurchaseService][number] | typeof SENDER_STEP;

/** The steps of a service for the signed-in role: an agent's start with SENDER. */
export const purchaseStepsOf = (service: PurchaseService, isAgent: boolean): readonly PurchaseStepName[] =>
  isAgent ? [SENDER_STEP, ...PURCHASE_FLOW_STEPS[service]] : PURCHASE_FLOW_STEPS[service];

/** Where each service lives in the account area. */
export const PURCHASE_BASE_PATH = {
  "reload-phones": "/account/reload-phones",
  "gift-cards": "/account/gift-cards",
  "prepaid-pay-bills": "/account/pay-bills",
} as const satisfies Record<PurchaseService, string>;

/** A step's address: `/account/pay-bills/provider`. */
export const purchaseStepPath = (service: PurchaseService, step: string) =>
  flowStepPath(PURCHASE_BASE_PATH[service], step);

/** The step an address names, or -1. */
export const purchaseStepIndex = (service: PurchaseService, segment: string | undefined) =>
  flowStepIndex(PURCHASE_FLOW_STEPS[service], segment);

export type PurchaseFlowData = FlowData & {
  /** A gift card: the card chosen on its brand page. */
  product_id: number | null;
  /** A bill: the country, the service, the provider and the plan chosen on the first steps. */
  country_id: number | null;
  service_type_id: number | null;
  provider_id: number | null;
  plan_id: number | null;
  /** The held price; the quotation itself is server state (TanStack Query). */
  quotation_id: number | null;
  /** The wallet method (payment_type_id 8) was chosen: nothing is paid before the transaction. */
  paidFromWallet: boolean;
  /** An agent's walk-in customer who pays (sent as the quotation's sender_id); null for a client. */
  sender_id: number | null;
  /** Why the API refused that sender (422 on sender_id): the SENDER step shows it. */
  sender_refusal: string | null;
};

type PurchaseFlowActions = {
  productChosen: (productId: number) => void;
  billCountryChosen: (countryId: number) => void;
  billServiceChosen: (serviceTypeId: number) => void;
  billProviderChosen: (providerId: number) => void;
  billPlanChosen: (planId: number | null) => void;
  quotationCreated: (quotationId: number) => void;
  walletChosen: (isWallet: boolean) => void;
  senderChosen: (senderId: number) => void;
  senderRefused: (message: string | null) => void;
};

/** Spec §4 reset (the shared `reset`): step 0, the selections, the quotation and the order cleared. */
export type PurchaseFlowState = PurchaseFlowData & FlowActions & PurchaseFlowActions;

export const INITIAL_PURCHASE_FLOW_DATA: PurchaseFlowData = {
  step: 0,
  product_id: null,
  country_id: null,
  service_type_id: null,
  provider_id: null,
  plan_id: null,
  quotation_id: null,
  paidFromWallet: false,
  sender_id: null,
  sender_refusal: null,
  transactionKey: null,
  order_id: null,
};

/** What a new choice makes stale: the held quotation and anything placed on it. */
const priceChanged: Partial<PurchaseFlowData> = {
  quotation_id: null,
  paidFromWallet: false,
  transactionKey: null,
  order_id: null,
};

/** One small store per purchase service; a reload keeps the choices (sessionStorage). */
export const createPurchaseFlowStore = (service: PurchaseService) =>
  createFlowStore<PurchaseFlowData, PurchaseFlowActions>({
    name: `vela-purchase-${service}`,
    // An agent's flow has one step more (SENDER).
    stepCount: PURCHASE_FLOW_STEPS[service].length + 1,
    initial: INITIAL_PURCHASE_FLOW_DATA,
    actions: (set) => ({
      productChosen: (productId) =>
        set((state) => ({
          ...INITIAL_PURCHASE_FLOW_DATA,
          product_id: productId,
          sender_id: state.sender_id,
        })),
      billCountryChosen: (countryId) =>
        set((state) =>
          state.country_id === countryId
            ? state
            : {
                country_id: countryId,
                service_type_id: null,
                provider_id: null,
                plan_id: null,
                ...priceChanged,
              },
        ),
      billServiceChosen: (serviceTypeId) =>
        set((state) =>
          state.service_type_id === serviceTypeId
            ? state
            : { service_type_id: serviceTypeId, provider_id: null, plan_id: null, ...priceChanged },
        ),
      billProviderChosen: (providerId) =>
        set((state) =>
          state.provider_id === providerId
            ? state
            : { provider_id: providerId, plan_id: null, ...priceChanged },
        ),
      billPlanChosen: (planId) =>
        set((state) => (state.plan_id === planId ? state : { plan_id: planId, ...priceChanged })),
      quotationCreated: (quotationId) => set({ ...priceChanged, quotation_id: quotationId }),
      walletChosen: (isWallet) => set({ paidFromWallet: isWallet, transactionKey: null }),
      senderChosen: (senderId) =>
        set((state) =>
          state.sender_id === senderId
            ? { sender_refusal: null }
            : { sender_id: senderId, sender_refusal: null, ...priceChanged },
        ),
      senderRefused: (message) => set({ sender_refusal: message }),
    }),
  });

export type PurchaseFlowStore = ReturnType<typeof createPurchaseFlowStore>;

export const PURCHASE_FLOW_STORES = {
  "reload-phones": createPurchaseFlowStore("reload-phones"),
  "gift-cards": createPurchaseFlowStore("gift-cards"),
  "prepaid-pay-bills": createPurchaseFlowStore("prepaid-pay-bills"),
} as const satisfies Record<PurchaseService, PurchaseFlowStore>;
