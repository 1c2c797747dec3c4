import { Alert, Button, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type RetryAlertProps = { title: string; onRetry: () => void; className?: string };

/**
 * The AMOUNT step's failures that asking again may mend (its lists, its price): what failed, the
 * step's hint, and "Try again".
 */
export const RetryAlert = ({ title, onRetry, className }: RetryAlertProps) => {
  const { t } = useTranslation();
  return (
    <Alert
      className={className}
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={title}
    >
      <Text size="sm">{t("sendMoney.amountStep.loadErrorHint")}</Text>
      <Button size="xs" variant="default" mt="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </Alert>
  );
};
