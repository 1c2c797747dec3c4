import { Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./payments.module.css";

/** One payment method (or sub-method) to choose: its name, what it is, and its fee. */
export const MethodOption = ({
  name,
  description,
  feeText,
  isSelected,
  isDisabled,
  onChoose,
}: {
  name: string;
  description: string;
  feeText: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChoose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.option}
      aria-pressed={isSelected}
      disabled={isDisabled}
      onClick={onChoose}
    >
      <div className={classes.optionText}>
        <Text fw={650}>{name}</Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
        {t("payment.feeLabel", { fee: feeText })}
      </Text>
    </UnstyledButton>
  );
};
