import type { Quotation } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FlowFrame } from "@/shared/flow/flow-frame";
import type { WalletFlowName, WalletFlowStepName } from "../stores/wallet-flow-store";
import { WalletQuoteSummary } from "./wallet-quote-summary";

/**
 * The page of every wallet flow: the flow kit's frame with the wallet steps' names and, once the
 * flow has a held price to show, its summary in the right panel and summary drawer.
 */
export const WalletFlowFrame = ({
  title,
  steps,
  active,
  quotation,
  receiveLabel,
  details,
  children,
}: {
  title: string;
  steps: readonly WalletFlowStepName<WalletFlowName>[];
  active: number;
  /** The held price; undefined while the flow shows no summary. */
  quotation: Quotation | undefined;
  receiveLabel: string;
  details?: [string, ReactNode][];
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <FlowFrame
      title={title}
      steps={steps}
      labelOf={(step) => t(`wallets.steps.${step}`)}
      active={active}
      summary={
        quotation ? (
          <WalletQuoteSummary quotation={quotation} receiveLabel={receiveLabel} details={details} />
        ) : null
      }
    >
      {children}
    </FlowFrame>
  );
};
