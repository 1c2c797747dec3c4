import { Button } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DocumentsChecklist } from "./documents-checklist";
import { SectionCard } from "./section-card";

/** The identity check's start: what it takes, the documents to have ready, and the button. */
export const StartCard = ({ onStart, isStarting }: { onStart: () => void; isStarting: boolean }) => {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="verification-start-title"
      title={t("verification.start.title")}
      text={t("verification.start.text")}
    >
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
    </SectionCard>
  );
};
