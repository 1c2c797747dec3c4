import { Alert, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Quotation } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { getPayment } from "@/features/payments/api/pay";
import { PaymentStep } from "@/features/payments/components/payment-step";
import { usePaymentStore } from "@/features/payments/stores/payment-store";
import { RecipientStep } from "@/features/recipients/components/recipient-step";
import { createQuotation } from "@/features/send-money/api/create-quotation";
import { orderDetailsQueryOptions, quotationQueryOptions } from "@/features/send-money/api/transaction";
import { AmountStep } from "@/features/send-money/components/amount-step";
import { ConfirmationStep } from "@/features/send-money/components/confirmation-step";
import { ReviewStep } from "@/features/send-money/components/review-step";
import { TransferSummary } from "@/features/send-money/components/transfer-summary";
import {
  SEND_MONEY_STEPS,
  type SendMoneyStepName,
  useSendMoneyStore,
} from "@/features/send-money/stores/send-money-store";
import { SenderStep } from "@/features/senders/components/sender-step";
import { FlowFrame, StepPending } from "@/shared/flow/flow-frame";
import { paymentName } from "@/shared/flow/payment-name";
import { isOrderMoving, pollUntilFinal } from "@/shared/flow/use-flow-order";
import { flowStepPath, useFlowSteps, usePaymentReturn } from "@/shared/flow/use-flow-steps";
import { AmountRefusal, amountRefusalOf } from "@/shared/ui/amount-refusal";

/** The flow's steps as they appear in the address: `/account/send-money/recipient`. */
export const stepPath = (step: SendMoneyStepName) => flowStepPath(SEND_MONEY_BASE_PATH, step);

/** The search parameters the home calculator's "Get started" carries into AMOUNT. */
const SELECTION_KEYS = [
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
  "send_amount",
  "receiving_amount",
] as const;

const SEND_MONEY_BASE_PATH = "/account/send-money";

/** How often CONFIRMATION asks for an order that still moves. */
const ORDER_POLL_MS = 4000;

/** Spec §4 reset, across the flow's two stores: step 0, the §4 list cleared, the payment view back to methods. */
export const resetSendMoneyFlow = () => {
  useSendMoneyStore.getState().reset();
  usePaymentStore.getState().reset();
};

/**
 * `/account/send-money/:step`: the send-money flow (spec §2 steps, §4 transitions). The address
 * names the step and the store's counter follows it, so a reload or the browser's back button
 * lands on the same step. AMOUNT creates the quotation and moves on; a later step without a
 * quotation goes back to AMOUNT. The features meet here: neither imports the other.
 */
export const SendMoneyFlowRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("sendFlow.title")} · Vela`);
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const store = useSendMoneyStore();
  const { setStep, applySelection } = store;
  const { index, go } = useFlowSteps({ steps: SEND_MONEY_STEPS, basePath: SEND_MONEY_BASE_PATH, setStep });
  const { returnedPaymentId, forgetReturn } = usePaymentReturn();
  const paymentId = usePaymentStore((state) => state.payment_id);

  // "Get started" on the home page: the priced corridor, method and amount arrive in the address.
  const appliedSearch = useRef<string | null>(null);
  const selectionSearch = SELECTION_KEYS.some((key) => searchParams.has(key))
    ? searchParams.toString()
    : null;
  useEffect(() => {
    if (index !== 0 || selectionSearch === null || appliedSearch.current === selectionSearch) return;
    appliedSearch.current = selectionSearch;
    const params = new URLSearchParams(selectionSearch);
    applySelection(Object.fromEntries(SELECTION_KEYS.map((key) => [key, params.get(key) ?? undefined])));
  }, [index, selectionSearch, applySelection]);

  const quotation = useMutation({
    mutationFn: createQuotation,
    onSuccess: (created) => {
      // Spec §4: after a quotation is created the flow moves to the next step.
      queryClient.setQueryData(quotationQueryOptions(created.id).queryKey, created);
      store.quotationCreated(created);
      usePaymentStore.getState().forQuotation(created.id);
      go(index + 1);
    },
  });

  // Server data stays in TanStack Query: after a reload the quotation, the payment and the order
  // are asked again; the store only remembers their ids.
  const quotationId = store.quotation_id;
  const quotationQuery = useQuery({
    ...quotationQueryOptions(quotationId ?? 0),
    enabled: quotationId !== null && index > 0,
    initialData:
      store.quotationData?.id === quotationId && store.quotationData ? store.quotationData : undefined,
  });
  const paymentQuery = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: ({ signal }) => getPayment(paymentId as number, signal),
    enabled: paymentId !== null && index >= 4,
  });
  const orderQuery = useQuery({
    ...orderDetailsQueryOptions(store.order_id ?? 0),
    enabled: store.order_id !== null && index === 5,
    // The order moves on by itself (payment captured, payout sent): CONFIRMATION follows it.
    refetchInterval: pollUntilFinal(isOrderMoving, ORDER_POLL_MS),
  });

  const paid = useCallback(
    (id: number) => {
      if (useSendMoneyStore.getState().transactionKey && usePaymentStore.getState().payment_id !== id) {
        useSendMoneyStore.getState().forgetTransactionKey();
      }
      usePaymentStore.getState().paymentMade(id);
      go(4);
    },
    [go],
  );

  if (index < 0) return <Navigate to={stepPath("AMOUNT")} replace />;
  const name = SEND_MONEY_STEPS[index] as SendMoneyStepName;
  if (index > 0 && quotationId === null) return <Navigate to={stepPath("AMOUNT")} replace />;
  if (name === "SEND" && paymentId === null) return <Navigate to={stepPath("PAYMENT")} replace />;
  if (name === "CONFIRMATION" && store.order_id === null) return <Navigate to={stepPath("SEND")} replace />;
  // A placed order is done: its steps before CONFIRMATION are not open again.
  if (store.order_id !== null && index > 0 && index < 5)
    return <Navigate to={stepPath("CONFIRMATION")} replace />;
  const quotationData: Quotation | undefined = quotationQuery.data;
  const back = () => go(index - 1);
  const next = () => go(index + 1);
  const sendAgain = () => {
    const record = orderQuery.data;
    resetSendMoneyFlow();
    if (record) {
      store.applySelection({
        country_from_id: String(record.country_from_id ?? ""),
        country_to_id: String(record.country_to_id ?? ""),
        currency_from_id: String(record.currency_from_id),
        currency_to_id: String(record.currency_to_id),
        shipping_method_id: String(record.processing_time_id ?? ""),
        send_amount: record.send_amount,
      });
    }
    go(0);
  };
  // A paid quotation cannot change (issue 18): a new one, from AMOUNT with the same corridor and amount.
  const startOver = () => {
    const paidQuotation = quotationQuery.data;
    resetSendMoneyFlow();
    if (paidQuotation) {
      store.applySelection({
        country_from_id: String(paidQuotation.country_from_id ?? ""),
        country_to_id: String(paidQuotation.country_to_id ?? ""),
        currency_from_id: String(paidQuotation.currency_from_id),
        currency_to_id: String(paidQuotation.currency_to_id),
        shipping_method_id: String(paidQuotation.shipping_method_id),
        send_amount: paidQuotation.send_amount,
      });
    }
    go(0);
  };
  const confirmed = (record: ConfirmationRecord) => {
    queryClient.setQueryData(orderDetailsQueryOptions(record.order_id).queryKey, record);
    store.transactionConfirmed(record.order_id);
    go(5, { replace: true });
  };

  const paymentText = paymentQuery.data
    ? paymentName(paymentQuery.data, (reference) => t("review.transferReference", { reference }))
    : null;
  let content: ReactNode;
  if (index > 0 && !quotationData) {
    content = <StepPending isError={quotationQuery.isError} lostText={t("sendFlow.quotationLost")} />;
  } else {
    switch (name) {
      case "AMOUNT":
        content = (
          <Stack gap="md">
            <AmountRefusal error={quotation.error} />
            {quotation.isError && amountRefusalOf(quotation.error) === null ? (
              <Alert color="red" variant="light">
                {t("sendFlow.quotationError")}
              </Alert>
            ) : null}
            <AmountStep
              continueLabel={t("sendFlow.continue")}
              onContinue={(selection) => quotation.mutate(selection)}
            />
          </Stack>
        );
        break;
      case "SENDER":
        content = (
          <SenderStep
            quotationId={quotationId as number}
            onContinue={(selection) => {
              if (selection) {
                store.senderChosen({
                  sender_id: selection.send_data.sender_id,
                  sender_name: selection.send_data.sender_name,
                });
              }
              next();
            }}
            onBack={back}
          />
        );
        break;
      case "RECIPIENT":
        content = quotationData ? (
          <RecipientStep
            quotationId={quotationId as number}
            corridor={{
              country_to_id: quotationData.country_to_id ?? 0,
              currency_to_id: quotationData.currency_to_id,
              shipping_method_id: quotationData.shipping_method_id,
            }}
            recipientId={store.recipient_id}
            onListLoading={store.recipientsLoading}
            onChosen={(recipient, choice) =>
              store.recipientChosen({
                recipient_id: recipient.id,
                recipient_name: choice.send_data.recipient_name ?? recipient.name,
                sendData: choice.send_data,
                summaryData: choice.summary as Record<string, unknown>,
              })
            }
            onContinue={next}
            onBack={back}
          />
        ) : null;
        break;
      case "PAYMENT":
        content = quotationData ? (
          <PaymentStep
            quotation={quotationData}
            senderId={store.sender_id}
            returnUrl={stepPath("PAYMENT")}
            returnedPaymentId={returnedPaymentId}
            onReturnHandled={forgetReturn}
            onQuotationChanged={(summary) =>
              queryClient.setQueryData(quotationQueryOptions(summary.id).queryKey, (old) => ({
                ...(old ?? summary),
                ...summary,
              }))
            }
            onPaid={paid}
            onBack={back}
            onStartOver={startOver}
          />
        ) : null;
        break;
      case "SEND":
        content = quotationData ? (
          <ReviewStep
            quotation={quotationData}
            payment={paymentQuery.data}
            isPaymentLoading={paymentQuery.isPending}
            recipientName={store.recipient_name}
            senderName={store.sender_name}
            paymentId={paymentId as number}
            onConfirmed={confirmed}
            onBack={back}
          />
        ) : null;
        break;
      case "CONFIRMATION":
        content = orderQuery.data ? (
          <ConfirmationStep record={orderQuery.data} paymentText={paymentText} onSendAgain={sendAgain} />
        ) : (
          <StepPending isError={orderQuery.isError} lostText={t("confirmation.loadFailed")} />
        );
        break;
    }
  }

  const summary =
    index > 0 && quotationData ? (
      <TransferSummary
        quotation={quotationData}
        recipientName={store.recipient_name}
        senderName={store.sender_name}
        paymentText={paymentText}
        statusText={orderQuery.data?.status_label ?? null}
      />
    ) : null;

  return (
    <FlowFrame
      title={t("sendFlow.title")}
      steps={SEND_MONEY_STEPS}
      labelOf={(step) => t(`sendFlow.steps.${step}`)}
      active={index}
      summary={summary}
    >
      {content}
    </FlowFrame>
  );
};
