import { Alert, Card, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RightPanelContent, SummaryPanelContent } from "@/shared/layout/panel-slots";
import { FlowStepper } from "@/shared/ui/flow-stepper";

/**
 * The page of a purchase flow: the shared heading and stepper, then the step in a card; the
 * purchase being prepared goes into the account layout's right panel and summary drawer.
 */
export const PurchaseFlowFrame = ({
  title,
  steps,
  active,
  summary = null,
  children,
}: {
  title: string;
  steps: readonly string[];
  active: number;
  summary?: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const isPhone = useMediaQuery("(max-width: 48em)");
  const labelled = steps.map((step) => ({
    name: step,
    label: t(`purchases.steps.${step as "AMOUNT"}`),
  }));
  return (
    <Stack gap="lg" maw={760}>
      <FlowStepper title={title} steps={labelled} active={active} isComplete={active === steps.length - 1} />
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

/** A step whose server data (the quotation, the order) is not here: loading, or lost with the reason. */
export const PurchaseStepPending = ({ isError, lostText }: { isError: boolean; lostText: string }) =>
  isError ? (
    <Alert color="red" variant="light" role="alert">
      {lostText}
    </Alert>
  ) : (
    <Stack gap="sm" aria-busy>
      <Skeleton height={28} width="50%" />
      <Skeleton height={80} radius="md" />
      <Skeleton height={80} radius="md" />
    </Stack>
  );
