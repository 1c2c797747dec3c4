import { Alert, Stack, Text } from "@mantine/core";
import { moneyText } from "@vela/shared/money";
import type { TransferInstructionsView } from "@vela/shared/payments";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import classes from "./payments.module.css";

/** Where and how to push a bank transfer, and the reference to quote on it. */
export const TransferInstructions = ({ instructions }: { instructions: TransferInstructionsView }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const rows: [string, string | null][] = [
    [t("payment.transfer.amount"), moneyText(instructions.amount, instructions.currency, locale)],
    [t("payment.transfer.reference"), instructions.reference],
    [t("payment.transfer.beneficiary"), instructions.beneficiary_name],
    [t("payment.transfer.bank"), instructions.bank_name],
    [t("payment.transfer.bankAddress"), instructions.bank_address],
    [t("payment.transfer.accountNumber"), instructions.account_number],
    [t("payment.transfer.routingNumber"), instructions.routing_number],
    ["IBAN", instructions.iban],
    ["BIC / SWIFT", instructions.bic],
  ];
  return (
    <Stack gap="sm" data-testid="transfer-instructions">
      <Alert color="blue" variant="light" title={t("payment.transfer.title")}>
        {t("payment.transfer.text", { reference: instructions.reference })}
      </Alert>
      <dl className={classes.instructions}>
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </Stack>
  );
};
