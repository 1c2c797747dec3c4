import { Button, Group } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";

type StepButtonsProps = {
  backLabel: string;
  onBack: () => void;
  continueLabel: string;
  onContinue: () => void;
  /** Nothing to continue with yet. */
  disabled: boolean;
  /** The step's answer is on its way to the API. */
  loading?: boolean;
};

/** A flow step's way back and way on, at the two ends of one row. */
export const StepButtons = ({
  backLabel,
  onBack,
  continueLabel,
  onContinue,
  disabled,
  loading,
}: StepButtonsProps) => (
  <Group justify="space-between">
    <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
      {backLabel}
    </Button>
    <Button
      rightSection={<IconArrowRight size={18} aria-hidden />}
      disabled={disabled}
      loading={loading}
      onClick={onContinue}
    >
      {continueLabel}
    </Button>
  </Group>
);
