import { Alert, type AlertProps, Button, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * What a page, panel or step shows when its data could not be loaded and asking again may mend it:
 * a title (the general error title unless the step names what failed), what to know, and a retry
 * (one look and one wording for every load error).
 */
export const LoadErrorAlert = ({
  text,
  onRetry,
  title,
  ...alertProps
}: {
  /** What could not be loaded, or what to do about it. */
  text: ReactNode;
  onRetry: () => void;
  title?: ReactNode;
} & Omit<AlertProps, "color" | "title" | "children">) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title ?? t("errors.title")} {...alertProps}>
      <Text size="sm">{text}</Text>
      <Button size="xs" variant="default" mt="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </Alert>
  );
};
