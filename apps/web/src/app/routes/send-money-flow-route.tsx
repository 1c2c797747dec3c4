import { Alert, Button, Card, Group, Stack, Stepper, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight, IconClockHour4 } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { RecipientStep } from "@/features/recipients/components/recipient-step";
import { createQuotation } from "@/features/send-money/api/create-quotation";
import { AmountStep } from "@/features/send-money/components/amount-step";
import { TransferSummary } from "@/features/send-money/components/transfer-summary";
import {
  SEND_MONEY_STEPS,
  type SendMoneyStepName,
  useSendMoneyStore,
} from "@/features/send-money/stores/send-money-store";
import { SenderStep } from "@/features/senders/components/sender-step";
import { RightPanelContent, SummaryPanelContent } from "@/shared/layout/panel-slots";

/** The flow's steps as they appear in the address: `/account/send-money/recipient`. */
export const stepPath = (step: SendMoneyStepName) => `/account/send-money/${step.toLowerCase()}`;

const stepIndexOf = (segment: string | undefined) =>
  SEND_MONEY_STEPS.findIndex((step) => step.toLowerCase() === segment?.toLowerCase());

const StepButtons = ({ onBack, onContinue }: { onBack: () => void; onContinue?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
        {t("sendFlow.back")}
      </Button>
      {onContinue ? (
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={onContinue}>
          {t("sendFlow.continue")}
        </Button>
      ) : null}
    </Group>
  );
};

/** PAYMENT, SEND and CONFIRMATION: what is done so far is kept, and the page says what comes next. */
const ComingNextPanel = ({ step, onBack }: { step: SendMoneyStepName; onBack: () => void }) => {
  const { t } = useTranslation();
  const recipientName = useSendMoneyStore((state) => state.recipient_name);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="mint">
          <IconClockHour4 size={24} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={2} size="h3">
            {t("sendFlow.nextSoonTitle", { step: t(`sendFlow.steps.${step}`) })}
          </Title>
          <Text c="dimmed" mt={4}>
            {t("sendFlow.nextSoonText")}
          </Text>
          {recipientName ? (
            <Text mt="sm" fw={600}>
              {t("recipients.step.choose", { name: recipientName })}
            </Text>
          ) : null}
        </div>
      </Group>
      <StepButtons onBack={onBack} />
    </Stack>
  );
};

/**
 * `/account/send-money/:step`: the send-money flow (spec §2 steps, §4 transitions). The address
 * names the step and the store's counter follows it, so a reload or the browser's back button
 * lands on the same step. AMOUNT creates the quotation and moves on; a later step without a
 * quotation goes back to AMOUNT. The features meet here: neither imports the other.
 */
export const SendMoneyFlowRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("sendFlow.title")} · Vela`);
  const navigate = useNavigate();
  const isPhone = useMediaQuery("(max-width: 48em)");
  // Six labelled steps need about 900px; narrower, the steps show their numbers and the line
  // above names the current one.
  const isCompact = useMediaQuery("(max-width: 90em)");
  const { step: segment } = useParams();
  const index = stepIndexOf(segment);
  const store = useSendMoneyStore();
  const { setStep } = store;

  useEffect(() => {
    if (index >= 0) setStep(index);
  }, [index, setStep]);

  const go = (step: number) => {
    const name = SEND_MONEY_STEPS[step];
    if (name) navigate(stepPath(name));
  };

  const quotation = useMutation({
    mutationFn: createQuotation,
    onSuccess: (created) => {
      // Spec §4: after a quotation is created the flow moves to the next step.
      store.quotationCreated(created);
      go(index + 1);
    },
  });

  if (index < 0) return <Navigate to={stepPath("AMOUNT")} replace />;
  const name = SEND_MONEY_STEPS[index] as SendMoneyStepName;
  const quotationData = store.quotationData;
  if (index > 0 && (store.quotation_id === null || !quotationData)) {
    return <Navigate to={stepPath("AMOUNT")} replace />;
  }
  const quotationId = store.quotation_id as number;
  const back = () => go(index - 1);
  const next = () => go(index + 1);

  let content: ReactNode;
  switch (name) {
    case "AMOUNT":
      content = (
        <Stack gap="md">
          {quotation.isError ? (
            <Alert color="red" variant="light">
              {t("sendFlow.quotationError")}
            </Alert>
          ) : null}
          <AmountStep
            continueLabel={t("sendFlow.continue")}
            onContinue={(selection) => quotation.mutate(selection)}
          />
        </Stack>
      );
      break;
    case "SENDER":
      content = <SenderStep quotationId={quotationId} onContinue={next} onBack={back} />;
      break;
    case "RECIPIENT":
      content = quotationData ? (
        <RecipientStep
          quotationId={quotationId}
          corridor={{
            country_to_id: quotationData.country_to_id ?? 0,
            currency_to_id: quotationData.currency_to_id,
            shipping_method_id: quotationData.shipping_method_id,
          }}
          recipientId={store.recipient_id}
          onListLoading={store.recipientsLoading}
          onChosen={(recipient, choice) =>
            store.recipientChosen({
              recipient_id: recipient.id,
              recipient_name: choice.send_data.recipient_name ?? recipient.name,
              sendData: choice.send_data,
              summaryData: choice.summary as Record<string, unknown>,
            })
          }
          onContinue={next}
          onBack={back}
        />
      ) : null;
      break;
    default:
      content = <ComingNextPanel step={name} onBack={back} />;
  }

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          {t("sendFlow.title")}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("sendFlow.progress", { step: index + 1, total: SEND_MONEY_STEPS.length })} ·{" "}
          {t(`sendFlow.steps.${name}`)}
        </Text>
      </div>
      <Stepper
        active={index}
        size="sm"
        iconSize={isPhone ? 28 : 32}
        allowNextStepsSelect={false}
        aria-label={t("sendFlow.title")}
        styles={isCompact ? { stepBody: { display: "none" }, separator: { marginInline: 4 } } : undefined}
      >
        {SEND_MONEY_STEPS.map((step) => (
          <Stepper.Step
            key={step}
            label={t(`sendFlow.steps.${step}`)}
            aria-label={t(`sendFlow.steps.${step}`)}
          />
        ))}
      </Stepper>
      <Card withBorder radius="lg" padding={isPhone ? "md" : "xl"}>
        {content}
      </Card>
      {index > 0 && quotationData ? (
        <>
          <RightPanelContent>
            <TransferSummary quotation={quotationData} recipientName={store.recipient_name} />
          </RightPanelContent>
          <SummaryPanelContent>
            <TransferSummary quotation={quotationData} recipientName={store.recipient_name} />
          </SummaryPanelContent>
        </>
      ) : null}
    </Stack>
  );
};
