import { useDocumentTitle } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import type { ReactNode } from "react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { getPayment } from "@/features/payments/api/pay";
import { PaymentStep } from "@/features/payments/components/payment-step";
import { usePaymentStore } from "@/features/payments/stores/payment-store";
import {
  useCreateWalletQuotation,
  walletQuotationQueryOptions,
} from "@/features/wallets/api/create-quotation";
import { useServiceCurrencies } from "@/features/wallets/api/get-service-currencies";
import { useUserWallets } from "@/features/wallets/api/get-wallets";
import { WalletAmountStep } from "@/features/wallets/components/wallet-amount-step";
import { WalletOrderConfirmation } from "@/features/wallets/components/wallet-confirmation";
import { WalletFlowFrame } from "@/features/wallets/components/wallet-flow-frame";
import { WalletReviewStep } from "@/features/wallets/components/wallet-review-step";
import { useWalletFlow } from "@/features/wallets/hooks/use-wallet-flow";
import { StepPending } from "@/shared/flow/flow-frame";
import { paymentName } from "@/shared/flow/payment-name";
import { usePaymentReturn } from "@/shared/flow/use-flow-steps";
import { useLanguage } from "@/shared/i18n/use-language";

/**
 * `/account/wallets/deposit/:step` and `/account/wallets/convert/:step`: the wallet deposit and
 * conversion flows (spec §2: AMOUNT, PAYMENT, SEND, CONFIRMATION). A deposit is paid with the
 * send-money flow's PAYMENT step (card, ACH debit, or a push transfer's instructions); a
 * conversion is paid from the wallet itself, so its quotation moves on with a wallet-continue
 * (spec §4: two steps, PAYMENT skipped) and back from SEND returns to AMOUNT. The features meet
 * here: the wallets and payments features do not import each other.
 */
export const WalletMoneyFlowRoute = ({ flow }: { flow: "deposit" | "convert" }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const title = t(`wallets.flows.${flow}.title`);
  useDocumentTitle(`${title} · Vela`);
  const queryClient = useQueryClient();
  const service = flow === "deposit" ? "deposit-money" : "convert-money";
  const isPaidFromWallet = flow === "convert";
  const { index, name, steps, store, state, go, quotation, order, confirm, restart, pathOf } =
    useWalletFlow(flow);
  const { returnedPaymentId, forgetReturn } = usePaymentReturn();
  const paymentId = usePaymentStore((payment) => payment.payment_id);

  const fromCurrencies = useServiceCurrencies(service, "from");
  const toCurrencies = useServiceCurrencies(service, "to");
  const wallets = useUserWallets();

  const create = useCreateWalletQuotation(service, (quotationId) => {
    store.getState().quotationCreated(quotationId, { isPaidFromWallet });
    if (!isPaidFromWallet) usePaymentStore.getState().forQuotation(quotationId);
    // Spec §4: after a quotation is created the flow moves on (a wallet-continue skips PAYMENT).
    go(index + (isPaidFromWallet ? 2 : 1));
  });

  const paymentQuery = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: ({ signal }) => getPayment(paymentId as number, signal),
    enabled: !isPaidFromWallet && paymentId !== null && index >= 2,
  });

  const paid = useCallback(
    (id: number) => {
      const flowState = store.getState();
      // Another payment is another attempt at the transaction.
      if (flowState.transactionKey && usePaymentStore.getState().payment_id !== id)
        flowState.forgetTransactionKey();
      usePaymentStore.getState().paymentMade(id);
      go(2);
    },
    [go, store],
  );

  if (index < 0 || !name) return <Navigate to={pathOf("AMOUNT")} replace />;
  if (index > 0 && state.quotation_id === null) return <Navigate to={pathOf("AMOUNT")} replace />;
  if (name === "PAYMENT" && isPaidFromWallet) return <Navigate to={pathOf("SEND")} replace />;
  if (name === "SEND" && !isPaidFromWallet && paymentId === null)
    return <Navigate to={pathOf("PAYMENT")} replace />;
  if (name === "CONFIRMATION" && state.order_id === null) return <Navigate to={pathOf("SEND")} replace />;
  // A placed order is done: its steps before CONFIRMATION are not open again.
  if (state.order_id !== null && index > 0 && name !== "CONFIRMATION")
    return <Navigate to={pathOf("CONFIRMATION")} replace />;

  // Again, with the same currencies: the same wallet, paid the same way.
  const again = () => {
    const record = order.data;
    restart();
    if (record)
      store
        .getState()
        .preselect({ currency_from_id: record.currency_from_id, currency_to_id: record.currency_to_id });
    usePaymentStore.getState().reset();
  };
  const receiveLabel = t(`wallets.flows.${flow}.receive`);
  // A conversion is paid from the wallet: the amount cannot exceed what is available there.
  const sourceWallet = isPaidFromWallet
    ? wallets.data?.find((wallet) => wallet.currency.id === state.currency_from_id)
    : undefined;

  // How it is paid, in words: the wallet itself, or the payment made on PAYMENT.
  const paidWith = isPaidFromWallet
    ? t("wallets.summary.fromWallet", {
        currency: quotation.data?.currency_from_iso ?? sourceWallet?.currency.iso ?? "",
      })
    : paymentQuery.data
      ? paymentName(paymentQuery.data, (reference) => t("review.transferReference", { reference }))
      : null;

  // A conversion lands in one of the user's wallets: currencies without one are not offered.
  const toList = toCurrencies.data?.filter((currency) => currency.wallet !== null);

  let content: ReactNode;
  if (index > 0 && !quotation.data && name !== "CONFIRMATION") {
    content = <StepPending isError={quotation.isError} lostText={t("wallets.flows.quotationLost")} />;
  } else {
    switch (name) {
      case "AMOUNT":
        content = (
          <WalletAmountStep
            service={service}
            store={store}
            title={t(`wallets.flows.${flow}.amountTitle`)}
            text={t(`wallets.flows.${flow}.amountText`)}
            from={{ label: t(`wallets.flows.${flow}.from`), currencies: fromCurrencies.data }}
            to={{ label: t(`wallets.flows.${flow}.to`), currencies: toList }}
            amountLabel={t(`wallets.flows.${flow}.amount`)}
            receiveLabel={receiveLabel}
            available={
              sourceWallet ? { amount: sourceWallet.available, iso: sourceWallet.currency.iso } : null
            }
            create={create}
          />
        );
        break;
      case "PAYMENT":
        content = quotation.data ? (
          <PaymentStep
            quotation={quotation.data}
            senderId={null}
            returnUrl={pathOf("PAYMENT")}
            returnedPaymentId={returnedPaymentId}
            onReturnHandled={forgetReturn}
            onQuotationChanged={(summary) =>
              queryClient.setQueryData(walletQuotationQueryOptions(summary.id).queryKey, (old) => ({
                ...(old ?? summary),
                ...summary,
              }))
            }
            onPaid={paid}
            onBack={() => go(0)}
            onStartOver={() => {
              restart();
              usePaymentStore.getState().reset();
            }}
          />
        ) : null;
        break;
      case "SEND":
        content = quotation.data ? (
          <WalletReviewStep
            service={service}
            store={store}
            quotation={quotation.data}
            title={t(`wallets.flows.${flow}.reviewTitle`)}
            text={t(`wallets.flows.${flow}.reviewText`)}
            receiveLabel={receiveLabel}
            details={[[t("wallets.summary.payment"), paidWith ?? "—"]]}
            body={
              isPaidFromWallet
                ? { quotation_id: quotation.data.id }
                : { quotation_id: quotation.data.id, payment_id: paymentId as number }
            }
            confirmLabel={t(`wallets.flows.${flow}.confirm`, {
              amount: moneyText(quotation.data.amount_paid, quotation.data.currency_from_iso, locale),
            })}
            onConfirmed={confirm}
            // Back from a conversion's review is a wallet-back: PAYMENT was never shown.
            onBack={() => go(isPaidFromWallet ? 0 : 1)}
          />
        ) : null;
        break;
      case "CONFIRMATION":
        content = (
          <WalletOrderConfirmation flow={flow} order={order} paymentText={paidWith} onAgain={again} />
        );
        break;
    }
  }

  return (
    <WalletFlowFrame
      title={title}
      steps={steps}
      active={index}
      quotation={index > 0 ? quotation.data : undefined}
      receiveLabel={receiveLabel}
      details={paidWith ? [[t("wallets.summary.payment"), paidWith]] : []}
    >
      {content}
    </WalletFlowFrame>
  );
};
