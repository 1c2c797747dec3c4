import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconInbox, IconMail, IconMessage, IconRefresh, IconSearch } from "@tabler/icons-react";
import type { OutboxMessage } from "@vela/shared/auth";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { useOutbox } from "../api/get-outbox";

/** The first six-digit number in a message: the code a new user came here for. */
const findCode = (text: string): string | null => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

const MessageCard = ({ message }: { message: OutboxMessage }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const code = findCode(message.text);
  const sentAt = new Date(message.created_at);
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={message.subject ?? message.to}
      data-testid="outbox-message"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Badge
              // teal's light variant is too pale for axe's contrast check; a dark filled badge is not.
              variant={message.channel === "email" ? "light" : "filled"}
              color={message.channel === "email" ? "vela" : "teal.9"}
              leftSection={
                message.channel === "email" ? (
                  <IconMail size={12} aria-hidden />
                ) : (
                  <IconMessage size={12} aria-hidden />
                )
              }
            >
              {t(message.channel === "email" ? "mailbox.email" : "mailbox.sms")}
            </Badge>
            <Text fw={600} size="sm" data-testid="outbox-to">
              {message.to}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
            {Number.isNaN(sentAt.getTime())
              ? message.created_at
              : sentAt.toLocaleString(language, { dateStyle: "medium", timeStyle: "medium" })}
          </Text>
        </Group>
        {message.subject ? (
          <Text fw={650} component="h2" size="md">
            {message.subject}
          </Text>
        ) : null}
        <Text
          size="sm"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          data-testid="outbox-text"
        >
          {message.text}
        </Text>
        {code ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t("mailbox.code")}
            </Text>
            <Text ff="monospace" fw={700} size="lg" data-testid="outbox-code">
              {code}
            </Text>
            <CopyTextButton value={code} label={t("mailbox.copy")} />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};

/**
 * The development mailbox: the e-mails and texts the server would have sent, so that someone
 * trying Vela locally can read their verification codes without configuring e-mail or SMS.
 */
export const MailboxRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("mailbox.title")} · Vela`);
  const outbox = useOutbox();
  const [filter, setFilter] = useState("");
  const messages = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = outbox.data ?? [];
    return needle ? all.filter((message) => message.to.toLowerCase().includes(needle)) : all;
  }, [outbox.data, filter]);
  const isMissing = isApiError(outbox.error) && outbox.error.status === 404;

  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {t("mailbox.title")}
            </Title>
            <Text c="dimmed" mt={6} maw={620}>
              {t("mailbox.text")}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching && !outbox.isLoading}
          >
            {t("mailbox.refresh")}
          </Button>
        </Group>
        <TextInput
          label={t("mailbox.filter")}
          placeholder="ana@example.com"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          type="search"
        />
        {outbox.isLoading ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label={t("common.loading")} />
          </Group>
        ) : null}
        {isMissing ? <Alert color="gray">{t("mailbox.missing")}</Alert> : null}
        {outbox.error && !isMissing ? (
          <Alert color="red" title={t("errors.title")}>
            {t("mailbox.loadError")}
          </Alert>
        ) : null}
        {outbox.data && messages.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <IconInbox size={36} aria-hidden />
            <Text>{t("mailbox.empty")}</Text>
          </Stack>
        ) : null}
        <Stack gap="md">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
};
