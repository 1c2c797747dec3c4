import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { dateText } from "@vela/shared/dates";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { useTracking } from "../api/get-tracking";
import { StatusTimeline } from "../components/status-timeline";

/** Spaces around a pasted number are dropped; the number itself is sent as typed. */
const normalise = (value: string) => value.trim();

const TrackingResult = ({ trackingNumber }: { trackingNumber: string }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const tracking = useTracking(trackingNumber);

  if (tracking.isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true">
        <Skeleton height={28} width="50%" />
        <Skeleton height={160} />
      </Stack>
    );
  if (tracking.error instanceof ApiError && tracking.error.status === 404)
    return (
      <Alert color="gray" title={t("history.tracking.notFoundTitle")}>
        {t("history.tracking.notFoundText")}
      </Alert>
    );
  if (tracking.isError)
    return (
      <LoadErrorAlert
        text={
          tracking.error instanceof ApiError && tracking.error.status === 429 && tracking.error.serverMessage
            ? tracking.error.serverMessage
            : t("history.tracking.loadError")
        }
        onRetry={() => void tracking.refetch()}
      />
    );

  const answer = tracking.data;
  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="tracking-result-title">
      <Stack gap="lg">
        <Title order={2} size="h3" id="tracking-result-title">
          {t("history.tracking.resultTitle", { number: answer.tracking_number })}
        </Title>
        <Group gap="xl" align="flex-start">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("history.tracking.currentStatus")}
            </Text>
            <OrderStatusBadge status={answer.status} size="lg" />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("history.tracking.expectedArrival")}
            </Text>
            <Text fw={650}>
              {answer.expected_arrival_at
                ? dateText(answer.expected_arrival_at, language)
                : t("history.tracking.noArrival")}
            </Text>
          </Stack>
        </Group>
        <div>
          <Title order={3} size="h5" mb="sm">
            {t("history.tracking.timeline")}
          </Title>
          <StatusTimeline steps={answer.timeline} label={t("history.tracking.timeline")} />
        </div>
      </Stack>
    </Card>
  );
};

/**
 * `/tracking` and `/tracking/:number`: the public tracking page (spec §7 tracking/{id}). Anyone
 * with a tracking number sees the status, its timeline and the expected arrival, nothing else.
 */
export const TrackingRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(t("history.tracking.documentTitle"));
  const { number } = useParams();
  const navigate = useNavigate();
  const current = number ? normalise(number) : "";
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = normalise(value);
    if (!wanted) {
      setError(t("history.tracking.required"));
      return;
    }
    setError(null);
    navigate(`/tracking/${encodeURIComponent(wanted)}`);
  };

  return (
    <Container size={720} py={{ base: "xl", md: 56 }}>
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("history.tracking.title")}</Title>
          <Text c="dimmed" mt="sm">
            {t("history.tracking.text")}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t("history.tracking.label")}
              placeholder={t("history.tracking.placeholder")}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} aria-hidden />}>
              {t("history.tracking.submit")}
            </Button>
          </Group>
        </form>
        {current ? <TrackingResult trackingNumber={current} /> : null}
      </Stack>
    </Container>
  );
};
