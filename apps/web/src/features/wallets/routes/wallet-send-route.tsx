import { Group, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconUserCircle } from "@tabler/icons-react";
import { moneyText } from "@vela/shared/money";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { StepPending } from "@/shared/flow/flow-frame";
import { useLanguage } from "@/shared/i18n/use-language";
import { useCreateWalletQuotation } from "../api/create-quotation";
import { useServiceCurrencies } from "../api/get-service-currencies";
import { useUserWallets } from "../api/get-wallets";
import { UserSearchStep } from "../components/user-search-step";
import { WalletAmountStep } from "../components/wallet-amount-step";
import { WalletOrderConfirmation } from "../components/wallet-confirmation";
import { WalletFlowFrame } from "../components/wallet-flow-frame";
import { WalletReviewStep } from "../components/wallet-review-step";
import { useWalletFlow } from "../hooks/use-wallet-flow";

/**
 * `/account/wallets/send/:step`: send from a wallet to another Vela user (RECIPIENT: search by
 * e-mail, phone or wallet id → AMOUNT → SEND, the review → CONFIRMATION). The money moves at once,
 * from wallet to wallet; both sides see it.
 */
export const WalletSendRoute = () => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const title = t("wallets.flows.send.title");
  useDocumentTitle(`${title} · Vela`);
  const { index, name, steps, store, state, go, quotation, order, confirm, restart, pathOf } =
    useWalletFlow("send");
  const fromCurrencies = useServiceCurrencies("send-money", "from");
  const wallets = useUserWallets();
  const recipient = state.recipient;
  // A shared wallet link (the wallet's `shares`) opens the flow with that wallet to look up.
  const [search] = useSearchParams();
  const sharedWalletId = search.get("wallet_id")?.trim() || null;

  const create = useCreateWalletQuotation("send-money", (quotationId) => {
    store.getState().quotationCreated(quotationId);
    go(index + 1);
  });

  if (index < 0 || !name) return <Navigate to={pathOf("RECIPIENT")} replace />;
  if (index > 0 && !recipient) return <Navigate to={pathOf("RECIPIENT")} replace />;
  if (name === "SEND" && state.quotation_id === null) return <Navigate to={pathOf("AMOUNT")} replace />;
  if (name === "CONFIRMATION" && state.order_id === null) return <Navigate to={pathOf("SEND")} replace />;
  if (state.order_id !== null && name !== "CONFIRMATION")
    return <Navigate to={pathOf("CONFIRMATION")} replace />;

  const sourceWallet = wallets.data?.find((wallet) => wallet.currency.id === state.currency_from_id);
  const receiveLabel = t("wallets.flows.send.receive");
  const who: ReactNode = recipient ? (
    <Group gap="xs" wrap="nowrap">
      <IconUserCircle size={22} stroke={1.5} aria-hidden />
      <Text fw={650}>{t("wallets.send.to", { name: recipient.name, wallet: recipient.wallet_id })}</Text>
    </Group>
  ) : null;
  const recipientRows: [string, ReactNode][] = recipient
    ? [
        [t("wallets.summary.recipient"), recipient.name],
        [t("wallets.summary.recipientWallet"), recipient.wallet_id],
      ]
    : [];

  let content: ReactNode;
  switch (name) {
    case "RECIPIENT":
      content = (
        <UserSearchStep
          chosen={recipient}
          initialQuery={sharedWalletId}
          onChoose={(user) => {
            store.getState().recipientFound(user);
            go(1);
          }}
        />
      );
      break;
    case "AMOUNT":
      content = recipient ? (
        <WalletAmountStep
          service="send-money"
          store={store}
          title={t("wallets.flows.send.amountTitle")}
          text={t("wallets.flows.send.amountText")}
          header={who}
          from={{ label: t("wallets.flows.send.from"), currencies: fromCurrencies.data }}
          to={{ label: t("wallets.flows.send.to"), currencies: recipient.currencies }}
          amountLabel={t("wallets.flows.send.amount")}
          receiveLabel={receiveLabel}
          extra={{ recipient_wallet_id: recipient.wallet_id }}
          available={sourceWallet ? { amount: sourceWallet.available, iso: sourceWallet.currency.iso } : null}
          create={create}
          onBack={() => go(0)}
        />
      ) : null;
      break;
    case "SEND":
      content = quotation.data ? (
        <WalletReviewStep
          service="send-money"
          store={store}
          quotation={quotation.data}
          title={t("wallets.flows.send.reviewTitle")}
          text={t("wallets.flows.send.reviewText")}
          receiveLabel={receiveLabel}
          details={
            recipient
              ? [
                  ...recipientRows,
                  [
                    t("wallets.summary.payment"),
                    t("wallets.summary.fromWallet", { currency: quotation.data.currency_from_iso }),
                  ],
                ]
              : []
          }
          body={{ quotation_id: quotation.data.id }}
          confirmLabel={t("wallets.flows.send.confirm", {
            amount: moneyText(quotation.data.amount_paid, quotation.data.currency_from_iso, locale),
          })}
          onConfirmed={confirm}
          onBack={() => go(1)}
        />
      ) : (
        <StepPending isError={quotation.isError} lostText={t("wallets.flows.quotationLost")} />
      );
      break;
    case "CONFIRMATION":
      content = (
        <WalletOrderConfirmation
          flow="send"
          order={order}
          recipientName={recipient?.name}
          onAgain={restart}
        />
      );
      break;
  }

  return (
    <WalletFlowFrame
      title={title}
      steps={steps}
      active={index}
      quotation={index > 1 && recipient ? quotation.data : undefined}
      receiveLabel={receiveLabel}
      details={recipientRows}
    >
      {content}
    </WalletFlowFrame>
  );
};
