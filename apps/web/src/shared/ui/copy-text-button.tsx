import { Button, CopyButton } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type CopyTextButtonProps = {
  value: string;
  /** What the button says before it is pressed ("Copied" after). */
  label: string;
  w?: string;
};

/** A small button that copies a code or key, and says so for a moment. */
export const CopyTextButton = ({ value, label, w }: CopyTextButtonProps) => {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={copy}
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          w={w}
        >
          {copied ? t("mailbox.copied") : label}
        </Button>
      )}
    </CopyButton>
  );
};
