import { DEFAULT_FEES_TEXT, DEFAULT_PAYMENT_TAB } from "@vela/shared/payments";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** sessionStorage key of the payment choices: a reload (or a return from 3-D Secure) keeps them. */
export const PAYMENT_STORAGE_KEY = "vela-payment";

/** The payment flow's three views (spec §2). */
export type PaymentView = "methods" | "subMethods" | "payment";

/**
 * The payment tabs, named by the spec's payment_method_id where one exists: '1' a bank account
 * (ACH debit), '2' a bank transfer the customer pushes, '3' a card (the default, spec §9).
 */
export type PaymentTab = "1" | "2" | "3";

type PaymentData = {
  /** Which of the three views the PAYMENT step shows. */
  view: PaymentView;
  /** The active payment tab; '3' (cards) by default. */
  tab: PaymentTab;
  /** The quotation these choices belong to; a new quotation starts them again. */
  quotation_id: number | null;
  /** The fees of the chosen method as text ("3.50 USD"); '0.00 USD' before one is chosen (spec §9). */
  fees: string;
  /** The chosen method's payment_type_id and, for a method with an intermediate step, the sub-method's. */
  paymentMethodSelected: number | null;
  paymentSubMethodSelected: number | null;
  /** The saved card or bank account chosen to pay with (their lists are server state). */
  cardSelected: number | null;
  bankSelected: number | null;
  /** The payment made for the quotation: what the transaction is placed with. */
  payment_id: number | null;
};

type PaymentActions = {
  /** A method was chosen: its fees shown, then subMethods when it has an intermediate step, else payment. */
  methodChosen: (method: {
    id: number;
    fees: string;
    hasIntermediateStep: boolean;
    tab: PaymentTab | null;
  }) => void;
  /** A sub-method was chosen (of `methodId`: a tab may switch to another method's sub-method). */
  subMethodChosen: (subMethod: {
    methodId: number;
    id: number;
    fees: string;
    tab: PaymentTab | null;
  }) => void;
  /** Back inside the step: payment → subMethods (when the method has them) or methods; subMethods → methods. */
  backView: (hasIntermediateStep: boolean) => void;
  setTab: (tab: PaymentTab) => void;
  selectCard: (cardId: number | null) => void;
  selectBank: (bankId: number | null) => void;
  /** A payment usable for the transaction was made (or came back from a redirect). */
  paymentMade: (paymentId: number) => void;
  /** The choices belong to this quotation; another one clears them. */
  forQuotation: (quotationId: number) => void;
  /** Spec §4 reset: card, bank, method and sub-method cleared, the view back to methods. */
  reset: () => void;
};

export type PaymentState = PaymentData & PaymentActions;

export const INITIAL_PAYMENT_DATA: PaymentData = {
  view: "methods",
  tab: DEFAULT_PAYMENT_TAB,
  quotation_id: null,
  fees: DEFAULT_FEES_TEXT,
  paymentMethodSelected: null,
  paymentSubMethodSelected: null,
  cardSelected: null,
  bankSelected: null,
  payment_id: null,
};

/** The payment step's choices (spec §3 payment state); method lists and saved instruments live in TanStack Query. */
export const usePaymentStore = create<PaymentState>()(
  persist(
    (set) => ({
      ...INITIAL_PAYMENT_DATA,
      methodChosen: ({ id, fees, hasIntermediateStep, tab }) =>
        set((state) => ({
          paymentMethodSelected: id,
          paymentSubMethodSelected: null,
          fees,
          view: hasIntermediateStep ? "subMethods" : "payment",
          tab: tab ?? state.tab,
          payment_id: null,
        })),
      subMethodChosen: ({ methodId, id, fees, tab }) =>
        set((state) => ({
          paymentMethodSelected: methodId,
          paymentSubMethodSelected: id,
          fees,
          view: "payment",
          tab: tab ?? state.tab,
          payment_id: null,
        })),
      backView: (hasIntermediateStep) =>
        set((state) => ({
          view: state.view === "payment" && hasIntermediateStep ? "subMethods" : "methods",
        })),
      setTab: (tab) => set({ tab }),
      selectCard: (cardSelected) => set({ cardSelected }),
      selectBank: (bankSelected) => set({ bankSelected }),
      paymentMade: (payment_id) => set({ payment_id }),
      forQuotation: (quotationId) =>
        set((state) =>
          state.quotation_id === quotationId ? state : { ...INITIAL_PAYMENT_DATA, quotation_id: quotationId },
        ),
      reset: () =>
        set({
          cardSelected: null,
          bankSelected: null,
          paymentMethodSelected: null,
          paymentSubMethodSelected: null,
          view: "methods",
          tab: DEFAULT_PAYMENT_TAB,
          fees: DEFAULT_FEES_TEXT,
          payment_id: null,
          quotation_id: null,
        }),
    }),
    { name: PAYMENT_STORAGE_KEY, storage: createJSONStorage(() => sessionStorage) },
  ),
);
