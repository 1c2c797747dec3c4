import { Button, Stack, Text } from "@mantine/core";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";

type CodeSentFormProps = ComponentProps<typeof CodeEntryForm> & {
  /** Where the code went, announced when it changes. */
  sentText: string;
  /** Without it there is no "cancel" (the change to confirm is already under way). */
  onCancel?: () => void;
};

/** The step after a code is sent: where it went, the code form, and a way back. */
export const CodeSentForm = ({ sentText, onCancel, ...codeEntry }: CodeSentFormProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {sentText}
      </Text>
      <CodeEntryForm {...codeEntry} />
      {onCancel ? (
        <Button variant="subtle" color="gray" onClick={onCancel}>
          {t("settings.cancel")}
        </Button>
      ) : null}
    </Stack>
  );
};
