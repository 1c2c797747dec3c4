import { Alert, Stack, Text } from "@mantine/core";
import type { TransferInstructionsView } from "@vela/shared/payments";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { transferDetailRows } from "@/shared/ui/transfer-details";
import classes from "./payments.module.css";

/** Where and how to push a bank transfer, and the reference to quote on it. */
export const TransferInstructions = ({ instructions }: { instructions: TransferInstructionsView }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const rows = transferDetailRows(t, instructions, locale);
  return (
    <Stack gap="sm" data-testid="transfer-instructions">
      <Alert color="blue" variant="light" title={t("payment.transfer.title")}>
        {t("payment.transfer.text", { reference: instructions.reference })}
      </Alert>
      <dl className={classes.instructions}>
        {rows.map(([label, value]) => (
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
