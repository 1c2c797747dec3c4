import { Alert, Card, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { RightPanelContent, SummaryPanelContent } from "@/shared/layout/panel-slots";
import { FlowStepper } from "@/shared/ui/flow-stepper";

/**
 * The page of every multi-step flow: the shared heading and stepper, then the step in a card; what
 * is being prepared goes into the account layout's right panel and summary drawer.
 */
export const FlowFrame = <Step extends string>({
  title,
  steps,
  labelOf,
  active,
  summary = null,
  children,
}: {
  title: string;
  steps: readonly Step[];
  /** A step's label, in the reader's language. */
  labelOf: (step: Step) => string;
  active: number;
  summary?: ReactNode;
  children: ReactNode;
}) => {
  const isPhone = useMediaQuery("(max-width: 48em)");
  return (
    <Stack gap="lg" maw={760}>
      <FlowStepper
        title={title}
        steps={steps.map((step) => ({ name: step, label: labelOf(step) }))}
        active={active}
        // CONFIRMATION, the last step, is the flow done.
        isComplete={active === steps.length - 1}
      />
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

/** A step waiting for its server data. */
export const StepLoading = () => (
  <Stack gap="sm" aria-busy>
    <Skeleton height={28} width="50%" />
    <Skeleton height={80} radius="md" />
    <Skeleton height={80} radius="md" />
  </Stack>
);

/** A step whose server data (the quotation, the order) is not here: loading, or lost with the reason. */
export const StepPending = ({ isError, lostText }: { isError: boolean; lostText: string }) =>
  isError ? (
    <Alert color="red" variant="light" role="alert">
      {lostText}
    </Alert>
  ) : (
    <StepLoading />
  );
