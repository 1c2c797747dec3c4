import { useDocumentTitle } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Payment } from "@vela/shared/payments";
import type { PurchaseConfirmation, PurchaseQuotation, PurchaseService } from "@vela/shared/purchases";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { getPayment } from "@/features/payments/api/pay";
import { PaymentStep } from "@/features/payments/components/payment-step";
import { usePaymentStore } from "@/features/payments/stores/payment-store";
import { purchaseOrderQueryOptions, purchaseQuotationQueryOptions } from "@/features/purchases/api/orders";
import {
  BillPlanStep,
  BillProviderStep,
  BillRecipientStep,
  BillServiceStep,
  useBillProvider,
} from "@/features/purchases/components/bill-steps";
import { GiftCardAmountStep } from "@/features/purchases/components/gift-card-amount-step";
import { PurchaseConfirmationView } from "@/features/purchases/components/purchase-confirmation";
import { PurchaseReviewStep, PurchaseSummary } from "@/features/purchases/components/purchase-review";
import { TopupAmountStep } from "@/features/purchases/components/topup-amount-step";
import {
  PURCHASE_BASE_PATH,
  PURCHASE_FLOW_STEPS,
  PURCHASE_FLOW_STORES,
  type PurchaseStepName,
  purchaseStepIndex,
  purchaseStepPath,
} from "@/features/purchases/stores/purchase-flow-store";
import { FlowFrame, StepPending } from "@/shared/flow/flow-frame";
import { PurchaseServiceGate } from "./service-rules-gate";

/** How a payment is named: "Visa •••• 4242", "Bank account •••• 6789", the transfer's reference. */
const paymentName = (payment: Payment, transferText: (reference: string) => string) => {
  if (payment.card) return `${payment.card.brand} ••••\u00a0${payment.card.last4}`;
  if (payment.bank) return `${payment.bank.bank_name} ••••\u00a0${payment.bank.last4}`;
  if (payment.instructions) return transferText(payment.instructions.reference);
  return payment.method;
};

/**
 * `/account/reload-phones/:step`, `/account/gift-cards/:step` and `/account/pay-bills/:step`: the
 * three purchase flows (spec §2). The first steps are the service's own (the number and its
 * operator's products; the card's value and recipient; the bill's service, provider, plan and
 * reference); then PAYMENT is the send-money flow's payment step (the wallet method pays nothing
 * there: the transaction takes it from the wallet), SEND reviews and places the purchase, and
 * CONFIRMATION follows it until its status is final. The address names the step.
 */
const PurchaseFlow = ({ service }: { service: PurchaseService }) => {
  const { t } = useTranslation();
  const title = t(`purchases.titles.${service}`);
  useDocumentTitle(`${title} · Vela`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { step: segment } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const steps = PURCHASE_FLOW_STEPS[service] as readonly string[];
  const index = purchaseStepIndex(service, segment);
  const name = index >= 0 ? steps[index] : undefined;
  const paymentIndex = steps.indexOf("PAYMENT");
  const store = PURCHASE_FLOW_STORES[service];
  const state = store();
  const paymentId = usePaymentStore((payment) => payment.payment_id);
  const user = useAuthStore((auth) => auth.user);
  const userCountryId = user?.country_id ?? null;
  const [confirmed, setConfirmed] = useState<PurchaseConfirmation | null>(null);
  const { provider } = useBillProvider(store);

  const { setStep, reset } = state;
  useEffect(() => {
    if (index >= 0) setStep(index);
  }, [index, setStep]);
  // A new top-up or bill starts afresh once the last one was placed.
  useEffect(() => {
    if (index === 0 && service !== "gift-cards" && store.getState().order_id !== null) reset();
  }, [index, service, store, reset]);

  const pathOf = useCallback((step: string) => purchaseStepPath(service, step), [service]);
  const go = useCallback(
    (step: string, options?: { replace?: boolean }) => navigate(pathOf(step), options),
    [navigate, pathOf],
  );

  const quotation = useQuery({
    ...purchaseQuotationQueryOptions(state.quotation_id),
    enabled: state.quotation_id !== null && index >= paymentIndex,
  });
  const order = useQuery({
    ...purchaseOrderQueryOptions(service, state.order_id),
    enabled: state.order_id !== null && name === "CONFIRMATION",
    placeholderData: confirmed?.order_id === state.order_id ? (confirmed ?? undefined) : undefined,
  });
  const payment = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: ({ signal }) => getPayment(paymentId as number, signal),
    enabled: !state.paidFromWallet && paymentId !== null && index > paymentIndex,
  });

  const returnedPaymentId = Number(searchParams.get("payment_id")) || null;
  const forgetReturn = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete("payment_id");
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const paid = useCallback(
    (id: number) => {
      const flow = store.getState();
      if (flow.transactionKey && usePaymentStore.getState().payment_id !== id) flow.forgetTransactionKey();
      flow.walletChosen(false);
      usePaymentStore.getState().paymentMade(id);
      go("SEND");
    },
    [go, store],
  );
  const quoted = (created: PurchaseQuotation) => {
    store.getState().quotationCreated(created.id);
    usePaymentStore.getState().forQuotation(created.id);
    go("PAYMENT");
  };

  // Where each step may be: a later step without what it needs goes back to where it is chosen.
  const firstStep = steps[0] as string;
  if (index < 0 || !name) return <Navigate to={pathOf(firstStep)} replace />;
  if (service === "gift-cards" && state.product_id === null)
    return <Navigate to={PURCHASE_BASE_PATH["gift-cards"]} replace />;
  if (service === "prepaid-pay-bills" && index > 0 && index < paymentIndex) {
    if (state.country_id === null || state.service_type_id === null)
      return <Navigate to={pathOf("SERVICE")} replace />;
    if (name !== "PROVIDER" && state.provider_id === null)
      return <Navigate to={pathOf("PROVIDER")} replace />;
    if (name === "PLAN" && provider && !provider.has_plans)
      return <Navigate to={pathOf("RECIPIENT")} replace />;
    if (name === "RECIPIENT" && provider?.has_plans && state.plan_id === null)
      return <Navigate to={pathOf("PLAN")} replace />;
  }
  if (index >= paymentIndex && state.quotation_id === null)
    return <Navigate to={pathOf(firstStep)} replace />;
  if (name === "SEND" && !state.paidFromWallet && paymentId === null)
    return <Navigate to={pathOf("PAYMENT")} replace />;
  if (name === "CONFIRMATION" && state.order_id === null) return <Navigate to={pathOf("SEND")} replace />;
  // A placed purchase is done: its payment and review are not open again.
  if (state.order_id !== null && index >= paymentIndex && name !== "CONFIRMATION")
    return <Navigate to={pathOf("CONFIRMATION")} replace />;

  const quotationData = quotation.data;
  const paymentText = state.paidFromWallet
    ? t("purchases.fromWallet", { currency: quotationData?.currency_from_iso ?? "" })
    : payment.data
      ? paymentName(payment.data, (reference) => t("review.transferReference", { reference }))
      : null;

  const again = () => {
    store.getState().reset();
    usePaymentStore.getState().reset();
    setConfirmed(null);
    if (service === "gift-cards") navigate(PURCHASE_BASE_PATH["gift-cards"]);
    else go(firstStep);
  };

  let content: ReactNode;
  if (index >= paymentIndex && name !== "CONFIRMATION" && !quotationData) {
    content = <StepPending isError={quotation.isError} lostText={t("purchases.quotationLost")} />;
  } else {
    switch (name) {
      case "AMOUNT":
        content =
          service === "reload-phones" ? (
            <TopupAmountStep userCountryId={userCountryId} onCreated={quoted} />
          ) : (
            <GiftCardAmountStep
              productId={state.product_id as number}
              userCountryId={userCountryId}
              brandPath={`${PURCHASE_BASE_PATH["gift-cards"]}/brand/${state.product_id}`}
              onCreated={quoted}
            />
          );
        break;
      case "SERVICE":
        content = (
          <BillServiceStep store={store} userCountryId={userCountryId} onNext={() => go("PROVIDER")} />
        );
        break;
      case "PROVIDER":
        content = (
          <BillProviderStep
            store={store}
            onBack={() => go("SERVICE")}
            onNext={(chosen) => {
              if (chosen.has_plans) go("PLAN");
              else {
                store.getState().billPlanChosen(null);
                go("RECIPIENT");
              }
            }}
          />
        );
        break;
      case "PLAN":
        content = <BillPlanStep store={store} onBack={() => go("PROVIDER")} onNext={() => go("RECIPIENT")} />;
        break;
      case "RECIPIENT":
        content = (
          <BillRecipientStep
            store={store}
            userCountryId={userCountryId}
            payerDefaults={{
              first_name: user?.first_name ?? "",
              last_name: user?.last_name ?? "",
              email: user?.email ?? "",
            }}
            onCreated={quoted}
            onBack={() => go(provider?.has_plans ? "PLAN" : "PROVIDER")}
          />
        );
        break;
      case "PAYMENT":
        content = quotationData ? (
          <PaymentStep
            quotation={quotationData}
            senderId={null}
            returnUrl={pathOf("PAYMENT")}
            returnedPaymentId={returnedPaymentId}
            onReturnHandled={forgetReturn}
            onQuotationChanged={(summary) =>
              queryClient.setQueryData(purchaseQuotationQueryOptions(summary.id).queryKey, (old) => ({
                ...(old ?? (summary as PurchaseQuotation)),
                ...summary,
              }))
            }
            onPaid={paid}
            onWalletChosen={() => {
              store.getState().walletChosen(true);
              go("SEND");
            }}
            onBack={() => go(steps[paymentIndex - 1] as string)}
            onStartOver={again}
          />
        ) : null;
        break;
      case "SEND":
        content = quotationData ? (
          <PurchaseReviewStep
            service={service}
            store={store}
            quotation={quotationData}
            paymentText={paymentText}
            paymentId={state.paidFromWallet ? null : paymentId}
            onConfirmed={(record) => {
              setConfirmed(record);
              queryClient.setQueryData(purchaseOrderQueryOptions(service, record.order_id).queryKey, record);
              void queryClient.invalidateQueries({ queryKey: ["wallets"] });
              store.getState().transactionConfirmed(record.order_id);
              go("CONFIRMATION", { replace: true });
            }}
            onBack={() => go("PAYMENT")}
          />
        ) : null;
        break;
      case "CONFIRMATION":
        content = order.data ? (
          <PurchaseConfirmationView
            service={service}
            record={order.data}
            paymentText={paymentText}
            onAgain={again}
          />
        ) : (
          <StepPending isError={order.isError} lostText={t("purchases.orderLost")} />
        );
        break;
    }
  }

  return (
    <FlowFrame
      title={title}
      steps={steps}
      labelOf={(step) => t(`purchases.steps.${step as PurchaseStepName}`)}
      active={index}
      summary={
        index >= paymentIndex && name !== "CONFIRMATION" && quotationData?.item ? (
          <PurchaseSummary quotation={quotationData} paymentText={paymentText} />
        ) : null
      }
    >
      {content}
    </FlowFrame>
  );
};

export const PurchaseFlowRoute = ({ service }: { service: PurchaseService }) => (
  <PurchaseServiceGate service={service}>
    <PurchaseFlow service={service} />
  </PurchaseServiceGate>
);
