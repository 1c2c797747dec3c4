import { Badge, Button, Divider, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { personalDataQueryOptions } from "../api/personal-data";
import { QUESTIONNAIRE_LIST_ID, questionListQueryOptions } from "../api/questionnaire";
import { DocumentsChecklist } from "./documents-checklist";
import { LoadState } from "./load-state";
import { PersonalDataForm } from "./personal-data-form";
import { isQuestionnaireComplete, QuestionnaireForm } from "./questionnaire-form";
import { SectionCard } from "./section-card";
import classes from "./verification.module.css";

const Step = ({
  id,
  title,
  isDone,
  children,
}: {
  id: string;
  title: string;
  isDone?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {isDone ? (
          <Badge color="teal.9" variant="filled" size="sm">
            {t("verification.enhanced.done")}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
};

/**
 * The enhanced level, once the identity is verified: the questionnaire and the personal details
 * (each saved on its own), then the proof of address or source of funds on the provider's page,
 * open once both are saved.
 */
export const EnhancedCard = ({
  onStart,
  isStarting,
  canStart,
  isInReview,
}: {
  onStart: () => void;
  isStarting: boolean;
  /** The API lets the person start (not while an enhanced review is on its way). */
  canStart: boolean;
  /** A proof was sent and is being reviewed. */
  isInReview: boolean;
}) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const questions = useQuery(questionListQueryOptions(QUESTIONNAIRE_LIST_ID, language));
  const personal = useQuery(personalDataQueryOptions());
  const isAnswered = questions.data ? isQuestionnaireComplete(questions.data) : false;
  const hasPersonalData = Boolean(personal.data);
  const isReady = isAnswered && hasPersonalData;

  return (
    <SectionCard
      id="verification-enhanced-title"
      title={t("verification.enhanced.title")}
      text={t("verification.enhanced.text")}
      gap="lg"
    >
      {isInReview ? (
        <Text size="sm" role="status">
          {t("verification.enhanced.inReview")}
        </Text>
      ) : null}
      <Step
        id="enhanced-questions-title"
        title={t("verification.enhanced.stepQuestions")}
        isDone={isAnswered}
      >
        {questions.data ? (
          <QuestionnaireForm key={`${questions.dataUpdatedAt}`} list={questions.data} />
        ) : (
          <LoadState
            query={questions}
            loading={<Skeleton height={160} radius="md" />}
            errorText={t("verification.questions.loadError")}
          />
        )}
      </Step>
      <Divider />
      <Step
        id="enhanced-personal-title"
        title={t("verification.enhanced.stepPersonal")}
        isDone={hasPersonalData}
      >
        {personal.isSuccess ? (
          <PersonalDataForm key={`${personal.dataUpdatedAt}`} saved={personal.data} />
        ) : (
          <LoadState
            query={personal}
            loading={<Skeleton height={200} radius="md" />}
            errorText={t("verification.personal.loadError")}
          />
        )}
      </Step>
      <Divider />
      <Step id="enhanced-upload-title" title={t("verification.enhanced.stepUpload")}>
        <Text size="sm">{t("verification.enhanced.uploadText")}</Text>
        <DocumentsChecklist flow="enhanced" headingOrder={4} />
        <div>
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            classNames={{ root: classes.wrapRoot, label: classes.wrapLabel }}
            loading={isStarting}
            disabled={!isReady || !canStart}
            onClick={onStart}
            aria-describedby={isReady ? undefined : "enhanced-needs-steps"}
          >
            {t("verification.enhanced.uploadButton")}
          </Button>
          {isReady ? null : (
            <Text size="xs" c="dimmed" mt={6} id="enhanced-needs-steps">
              {t("verification.enhanced.needsSteps")}
            </Text>
          )}
        </div>
      </Step>
    </SectionCard>
  );
};
