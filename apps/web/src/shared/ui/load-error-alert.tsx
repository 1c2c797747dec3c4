import { Alert, type AlertProps, Button, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * What a page or panel shows when its data could not be loaded: the error title, what failed, and a
 * retry that asks again (one look and one wording for every load error).
 */
export const LoadErrorAlert = ({
  text,
  onRetry,
  ...alertProps
}: {
  /** What could not be loaded. */
  text: ReactNode;
  onRetry: () => void;
} & Omit<AlertProps, "color" | "title" | "children">) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("errors.title")} {...alertProps}>
      <Text size="sm">{text}</Text>
      <Button size="xs" variant="default" mt="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </Alert>
  );
};
