import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The card and bank forms' buttons: cancel (when there is somewhere to go back to) and submit. */
export const PaymentFormActions = ({
  submitLabel,
  submitIcon,
  isBusy,
  onCancel,
}: {
  submitLabel: string;
  submitIcon?: ReactNode;
  isBusy: boolean;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          {t("payment.cancel")}
        </Button>
      ) : null}
      <Button type="submit" loading={isBusy} leftSection={submitIcon}>
        {submitLabel}
      </Button>
    </Group>
  );
};
