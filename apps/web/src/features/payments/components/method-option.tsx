import { Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { moneyText } from "@vela/shared/money";
import type { PaymentSubMethod } from "@vela/shared/payments";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import classes from "./payments.module.css";

/** One payment method (or sub-method) to choose: its name, what it is, and its fee. */
const MethodOption = ({
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

/** What a method and a sub-method offered for a quotation both have. */
type OfferedOption = Pick<PaymentSubMethod, "id" | "name" | "description" | "fee" | "fee_currency">;

type MethodChoicesProps<O extends OfferedOption> = {
  title: string;
  options: readonly O[];
  /** Said when there is nothing to choose. */
  emptyText?: string;
  selectedId: number | null;
  isDisabled: boolean;
  onChoose: (option: O) => void;
};

/** The methods offered (or one method's sub-methods) under a title, each with its fee, to choose one. */
export const MethodChoices = <O extends OfferedOption>({
  title,
  options,
  emptyText,
  selectedId,
  isDisabled,
  onChoose,
}: MethodChoicesProps<O>) => {
  const locale = useLanguage();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      {emptyText && options.length === 0 ? <Text c="dimmed">{emptyText}</Text> : null}
      {options.map((option) => (
        <MethodOption
          key={option.id}
          name={option.name}
          description={option.description}
          feeText={moneyText(option.fee, option.fee_currency, locale)}
          isSelected={option.id === selectedId}
          isDisabled={isDisabled}
          onChoose={() => onChoose(option)}
        />
      ))}
    </Stack>
  );
};
