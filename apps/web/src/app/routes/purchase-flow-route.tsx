import { useDocumentTitle } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurchaseConfirmation, PurchaseQuotation, PurchaseService } from "@vela/shared/purchases";
import { type ReactNode, useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { getPayment } from "@/features/payments/api/pay";
import { PaymentStep } from "@/features/payments/components/payment-step";
import { usePaymentStore } from "@/features/payments/stores/payment-store";
import {
  FINAL_PURCHASE_STATUSES,
  ORDER_POLL_MS,
  purchaseOrderQueryOptions,
  purchaseQuotationQueryOptions,
} from "@/features/purchases/api/orders";
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
  PURCHASE_FLOW_STORES,
  type PurchaseStepName,
  purchaseStepsOf,
  SENDER_STEP,
} from "@/features/purchases/stores/purchase-flow-store";
import { PurchaseSenderStep } from "@/features/senders/components/purchase-sender-step";
import { FlowFrame, StepPending } from "@/shared/flow/flow-frame";
import { paymentName } from "@/shared/flow/payment-name";
import { pollUntilFinal, useConfirmedOrder } from "@/shared/flow/use-flow-order";
import { useFlowSteps, usePaymentReturn } from "@/shared/flow/use-flow-steps";
import { PurchaseServiceGate } from "./service-rules-gate";

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
  const isAgent = useAuthStore((auth) => auth.type === "agent");
  const steps = useMemo(() => purchaseStepsOf(service, isAgent), [service, isAgent]);
  const paymentIndex = steps.indexOf("PAYMENT");
  const store = PURCHASE_FLOW_STORES[service];
  const state = store();
  const { setStep, reset } = state;
  const { index, name, go, pathOf } = useFlowSteps({
    steps,
    basePath: PURCHASE_BASE_PATH[service],
    setStep,
  });
  const { returnedPaymentId, forgetReturn } = usePaymentReturn();
  const paymentId = usePaymentStore((payment) => payment.payment_id);
  const user = useAuthStore((auth) => auth.user);
  const userCountryId = user?.country_id ?? null;
  const { provider } = useBillProvider(store);
  // A new top-up or bill starts afresh once the last one was placed.
  useEffect(() => {
    if (index === 0 && service !== "gift-cards" && store.getState().order_id !== null) reset();
  }, [index, service, store, reset]);

  const quotation = useQuery({
    ...purchaseQuotationQueryOptions(state.quotation_id),
    enabled: state.quotation_id !== null && index >= paymentIndex,
  });
  const { placeholder, showConfirmed } = useConfirmedOrder<PurchaseConfirmation>(state.order_id);
  const order = useQuery({
    ...purchaseOrderQueryOptions(service, state.order_id),
    enabled: state.order_id !== null && name === "CONFIRMATION",
    placeholderData: placeholder,
    // A gift card's code may still be coming once the order is final.
    refetchInterval: pollUntilFinal(
      (record) => !FINAL_PURCHASE_STATUSES.has(record.status) || record.redeem_code_status === "pending",
      ORDER_POLL_MS,
    ),
  });
  const payment = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: ({ signal }) => getPayment(paymentId as number, signal),
    enabled: !state.paidFromWallet && paymentId !== null && index > paymentIndex,
  });

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
  const firstStep = steps[0] as PurchaseStepName;
  if (index < 0 || !name) return <Navigate to={pathOf(firstStep)} replace />;
  if (service === "gift-cards" && state.product_id === null)
    return <Navigate to={PURCHASE_BASE_PATH["gift-cards"]} replace />;
  // An agent names the walk-in customer first, and comes back to it when the API refuses them.
  if (isAgent && name !== SENDER_STEP && (state.sender_id === null || state.sender_refusal !== null))
    return <Navigate to={pathOf(SENDER_STEP)} replace />;
  const serviceFirst = isAgent ? 1 : 0;
  if (service === "prepaid-pay-bills" && index > serviceFirst && index < paymentIndex) {
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
    showConfirmed(null);
    if (service === "gift-cards") navigate(PURCHASE_BASE_PATH["gift-cards"]);
    else go(firstStep);
  };

  let content: ReactNode;
  if (index >= paymentIndex && name !== "CONFIRMATION" && !quotationData) {
    content = <StepPending isError={quotation.isError} lostText={t("purchases.quotationLost")} />;
  } else {
    switch (name) {
      case "SENDER":
        content = (
          <PurchaseSenderStep
            service={service}
            senderId={state.sender_id}
            refusal={state.sender_refusal}
            onChoose={(id) => store.getState().senderChosen(id)}
            onSenderSaved={() => store.getState().senderRefused(null)}
            onContinue={() => go(steps[1] as PurchaseStepName)}
            onBack={() => navigate(service === "gift-cards" ? PURCHASE_BASE_PATH["gift-cards"] : "/account")}
          />
        );
        break;
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
            onBack={() => go(paymentIndex - 1)}
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
              showConfirmed(record);
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
      labelOf={(step) => t(`purchases.steps.${step}`)}
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
