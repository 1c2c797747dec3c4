import { Stepper, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

type FlowStepperProps = {
  /** The flow's name: the page's heading and the stepper's accessible name. */
  title: string;
  /** The flow's steps in order, each with its label. */
  steps: readonly { name: string; label: string }[];
  /** The current step's index (from 0, spec §2). */
  active: number;
  /** The last step is reached: every step shows as done. */
  isComplete?: boolean;
};

/**
 * The heading and stepper every multi-step flow shows (spec §2: send money, wallet deposit and
 * conversion, wallet send and withdraw): the flow's name, "Step n of m · name", and the steps.
 * Where their labels do not fit (five or six need about 900px, four about 640px) the steps show
 * only their numbers and the line above names the current one.
 */
export const FlowStepper = ({ title, steps, active, isComplete = false }: FlowStepperProps) => {
  const { t } = useTranslation();
  const isPhone = useMediaQuery("(max-width: 48em)");
  const isCompact = useMediaQuery(steps.length > 4 ? "(max-width: 90em)" : "(max-width: 62em)");
  const current = steps[active];
  return (
    <>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("sendFlow.progress", { step: active + 1, total: steps.length })}
          {current ? ` · ${current.label}` : null}
        </Text>
      </div>
      <Stepper
        active={isComplete ? steps.length : active}
        size="sm"
        iconSize={isPhone ? 28 : 32}
        allowNextStepsSelect={false}
        aria-label={title}
        styles={isCompact ? { stepBody: { display: "none" }, separator: { marginInline: 4 } } : undefined}
      >
        {steps.map((step) => (
          <Stepper.Step key={step.name} label={step.label} aria-label={step.label} />
        ))}
      </Stepper>
    </>
  );
};
