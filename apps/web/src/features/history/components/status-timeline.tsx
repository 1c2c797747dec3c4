import { Text, Timeline } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { dateTimeText } from "@vela/shared/dates";
import type { StatusStep } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";

const FAILED = new Set(["payment_failed", "failed", "cancelled"]);

/** An order's steps, oldest first, as the details and the public tracking page show them. */
export const StatusTimeline = ({
  steps,
  label,
}: {
  steps: (StatusStep & { reason?: string | null })[];
  label: string;
}) => {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Timeline active={steps.length - 1} bulletSize={26} lineWidth={2} color="teal.9" aria-label={label}>
      {steps.map((step) => (
        <Timeline.Item
          key={`${step.status}-${step.at}`}
          bullet={
            FAILED.has(step.status) ? <IconX size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />
          }
          color={FAILED.has(step.status) ? "red.9" : "teal.9"}
          title={
            <Text component="span" fw={650}>
              {t(`history.statuses.${step.status}`)}
            </Text>
          }
        >
          <Text size="sm" c="dimmed">
            <time dateTime={step.at}>{dateTimeText(step.at, language)}</time>
          </Text>
          {step.reason ? <Text size="sm">{step.reason}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
};
