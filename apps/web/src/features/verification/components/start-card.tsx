import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DocumentsChecklist } from "./documents-checklist";

/** The identity check's start: what it takes, the documents to have ready, and the button. */
export const StartCard = ({ onStart, isStarting }: { onStart: () => void; isStarting: boolean }) => {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="verification-start-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="verification-start-title">
            {t("verification.start.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("verification.start.text")}
          </Text>
        </div>
        <DocumentsChecklist flow="identity" />
        <div>
          <Button
            leftSection={<IconShieldCheck size={18} aria-hidden />}
            loading={isStarting}
            onClick={onStart}
          >
            {t("verification.start.button")}
          </Button>
        </div>
      </Stack>
    </Card>
  );
};
