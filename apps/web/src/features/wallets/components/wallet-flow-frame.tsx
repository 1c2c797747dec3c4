import { Card, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { RightPanelContent, SummaryPanelContent } from "@/shared/layout/panel-slots";
import { FlowStepper } from "@/shared/ui/flow-stepper";

/**
 * The page of a wallet flow: the shared heading and stepper, then the step in a card; what is
 * being prepared goes into the account layout's right panel and summary drawer.
 */
export const WalletFlowFrame = ({
  title,
  steps,
  active,
  isComplete,
  summary = null,
  children,
}: {
  title: string;
  steps: readonly { name: string; label: string }[];
  active: number;
  isComplete: boolean;
  summary?: ReactNode;
  children: ReactNode;
}) => {
  const isPhone = useMediaQuery("(max-width: 48em)");
  return (
    <Stack gap="lg" maw={760}>
      <FlowStepper title={title} steps={steps} active={active} isComplete={isComplete} />
      <Card withBorder radius="lg" padding={isPhone ? "md" : "xl"}>
        {children}
      </Card>
      {summary ? (
        <>
          <RightPanelContent>{summary}</RightPanelContent>
          <SummaryPanelContent>{summary}</SummaryPanelContent>
        </>
      ) : null}
    </Stack>
  );
};

export const StepLoading = () => (
  <Stack gap="sm" aria-busy>
    <Skeleton height={28} width="50%" />
    <Skeleton height={80} radius="md" />
    <Skeleton height={80} radius="md" />
  </Stack>
);
