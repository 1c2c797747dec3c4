import { useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { RecipientFormModal } from "@/features/recipients/components/recipient-form-modal";
import { useCreateWalletQuotation } from "@/features/wallets/api/create-quotation";
import { useUserWallets, WALLETS_QUERY_KEY } from "@/features/wallets/api/get-wallets";
import { useWithdrawMethods } from "@/features/wallets/api/withdraw";
import { WalletAmountStep } from "@/features/wallets/components/wallet-amount-step";
import { WalletOrderConfirmation } from "@/features/wallets/components/wallet-confirmation";
import { WalletFlowFrame } from "@/features/wallets/components/wallet-flow-frame";
import {
  BeneficiaryStep,
  WithdrawMethodStep,
  WithdrawVerifyStep,
} from "@/features/wallets/components/withdraw-steps";
import { useWalletFlow } from "@/features/wallets/hooks/use-wallet-flow";
import { StepLoading, StepPending } from "@/shared/flow/flow-frame";

/**
 * `/account/wallets/withdraw/:step`: money out of a wallet (METHOD → BENEFICIARY → AMOUNT →
 * VERIFY → CONFIRMATION). A new account is added with the recipients' withdraw form (the
 * recipients feature's form modal, composed here); VERIFY is spec §4's extra confirmation, a code
 * e-mailed before money leaves. The amount goes on hold until the payout settles or fails.
 */
export const WalletWithdrawFlowRoute = () => {
  const { t } = useTranslation();
  const title = t("wallets.flows.withdraw.title");
  useDocumentTitle(`${title} · Vela`);
  const queryClient = useQueryClient();
  const { index, name, steps, store, state, go, quotation, order, confirm, restart, pathOf } =
    useWalletFlow("withdraw");
  const [isAdding, setIsAdding] = useState(false);
  const wallets = useUserWallets();
  const methods = useWithdrawMethods(state.currency_from_id);

  const create = useCreateWalletQuotation("withdraw-money", (quotationId) => {
    store.getState().quotationCreated(quotationId);
    go(index + 1);
  });

  if (index < 0 || !name) return <Navigate to={pathOf("METHOD")} replace />;
  const isMethodChosen = state.currency_from_id !== null && state.withdrawal_method_id !== null;
  if (index > 0 && !isMethodChosen) return <Navigate to={pathOf("METHOD")} replace />;
  if (index > 1 && state.recipient_id === null) return <Navigate to={pathOf("BENEFICIARY")} replace />;
  if (name === "VERIFY" && state.quotation_id === null) return <Navigate to={pathOf("AMOUNT")} replace />;
  if (name === "CONFIRMATION" && state.order_id === null) return <Navigate to={pathOf("VERIFY")} replace />;
  if (state.order_id !== null && name !== "CONFIRMATION")
    return <Navigate to={pathOf("CONFIRMATION")} replace />;

  const wallet = wallets.data?.find((candidate) => candidate.currency.id === state.currency_from_id);
  const method = methods.data?.find((candidate) => candidate.id === state.withdrawal_method_id) ?? null;
  const receiveLabel = t("wallets.flows.withdraw.receive");

  let content: ReactNode;
  switch (name) {
    case "METHOD":
      content = <WithdrawMethodStep store={store} onContinue={() => go(1)} />;
      break;
    case "BENEFICIARY":
      content = (
        <BeneficiaryStep
          store={store}
          onAddNew={() => setIsAdding(true)}
          onContinue={() => go(2)}
          onBack={() => go(0)}
        />
      );
      break;
    case "AMOUNT":
      content = wallet ? (
        <WalletAmountStep
          service="withdraw-money"
          store={store}
          title={t("wallets.flows.withdraw.amountTitle")}
          text={t("wallets.flows.withdraw.amountText", { name: state.recipient_name ?? "—" })}
          from={{ label: t("wallets.flows.withdraw.from"), currencies: [wallet.currency] }}
          to={{ label: t("wallets.flows.withdraw.to"), currencies: [wallet.currency] }}
          amountLabel={t("wallets.flows.withdraw.amount")}
          receiveLabel={receiveLabel}
          extra={{ recipient_id: state.recipient_id ?? undefined }}
          available={{ amount: wallet.available, iso: wallet.currency.iso }}
          create={create}
          onBack={() => go(1)}
        />
      ) : (
        <StepLoading />
      );
      break;
    case "VERIFY":
      content = quotation.data ? (
        <WithdrawVerifyStep
          store={store}
          quotation={quotation.data}
          methodName={method?.name ?? null}
          onConfirmed={(record) => {
            confirm(record);
            // The amount is on hold now: the wallets' balances have moved.
            void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
          }}
          onBack={() => go(2)}
        />
      ) : (
        <StepPending isError={quotation.isError} lostText={t("wallets.flows.quotationLost")} />
      );
      break;
    case "CONFIRMATION":
      content = (
        <WalletOrderConfirmation
          flow="withdraw"
          order={order}
          recipientName={state.recipient_name}
          onAgain={restart}
        />
      );
      break;
  }

  return (
    <>
      <WalletFlowFrame
        title={title}
        steps={steps}
        active={index}
        quotation={index > 2 ? quotation.data : undefined}
        receiveLabel={receiveLabel}
        details={[
          [t("wallets.withdraw.beneficiary"), state.recipient_name ?? "—"],
          [t("wallets.withdraw.method"), method?.name ?? "—"],
        ]}
      >
        {content}
      </WalletFlowFrame>
      {state.currency_from_id !== null && state.withdrawal_method_id !== null ? (
        <RecipientFormModal
          opened={isAdding}
          onClose={() => setIsAdding(false)}
          recipient={null}
          preset={{
            withdraw: {
              currency_to_id: state.currency_from_id,
              withdrawal_method_id: state.withdrawal_method_id,
            },
          }}
          onSaved={async (saved) => {
            await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
            store
              .getState()
              .beneficiaryChosen({ id: saved.id, name: saved.name, currency_id: saved.currency_id });
          }}
        />
      ) : null}
    </>
  );
};
