import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconRefresh } from "@tabler/icons-react";
import type { VerificationStatus } from "@vela/shared/verification";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusBadge } from "@/shared/ui/status-badge";
import { returnLabelKey } from "../hooks/use-return-path";
import { DocumentsChecklist } from "./documents-checklist";
import { type StatusKind, statusKind } from "./status-kind";
import classes from "./verification.module.css";

type StatusCardProps = {
  status: VerificationStatus;
  /** The money flow to go back to once approved (already checked to be one of the account's pages). */
  returnPath: string | null;
  onReturn: () => void;
  /** Back from the provider's page and asking for the result. */
  isPolling: boolean;
  /** Asked for a minute without a result. */
  isPollOver: boolean;
  onRetry: () => void;
  isStarting: boolean;
};

/** The state's sentence: what happened to the flow last reviewed (or in progress). */
const STATE_KEYS = {
  notStarted: "verification.state.notStarted",
  started: "verification.state.started",
  pending: "verification.state.pending",
  onHold: "verification.state.onHold",
  approved: "verification.state.approved",
  retry: "verification.state.retry",
  final: "verification.state.final",
  blocked: "verification.state.blocked",
} as const satisfies Record<StatusKind, string>;

const SUPPORT_PATH = "/contact-us";

/**
 * Where the person stands: their level, the last review in words, and what they can do about it —
 * try again after a RETRY (with the reviewer's message), contact support after a FINAL rejection or
 * a block, or go back to the money flow that sent them here once approved.
 */
export const StatusCard = ({
  status,
  returnPath,
  onReturn,
  isPolling,
  isPollOver,
  onRetry,
  isStarting,
}: StatusCardProps) => {
  const { t } = useTranslation();
  const kind = statusKind(status);
  const flow = t(`verification.flows.${status.flow ?? "identity"}`);
  const isStopped = kind === "final" || kind === "blocked";

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="verification-status-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="verification-status-title">
            {t("verification.statusTitle")}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("verification.levelLabel")}
            </Text>
            <StatusBadge isPositive={status.level !== "unverified"}>
              {t(`verification.levels.${status.level}`)}
            </StatusBadge>
          </Group>
        </Group>

        <div>
          <Text size="sm" c="dimmed">
            {t(`verification.stateName.${kind}`)}
          </Text>
          <Text fw={600}>{t(STATE_KEYS[kind], { flow })}</Text>
        </div>

        {status.message && (kind === "retry" || isStopped) ? (
          <Alert color={isStopped ? "red" : "gray"} variant="light" title={t("verification.reviewerSays")}>
            {status.message}
          </Alert>
        ) : null}

        {/* Before another try: what the provider's page will ask for again. */}
        {kind === "retry" && status.can_start ? (
          <DocumentsChecklist flow={status.flow ?? "identity"} />
        ) : null}
        {kind === "final" ? <Text size="sm">{t("verification.state.finalHelp")}</Text> : null}
        {kind === "blocked" ? <Text size="sm">{t("verification.state.blockedHelp")}</Text> : null}
        {kind === "approved" && status.level === "enhanced" ? (
          <Text size="sm">{t("verification.state.highest")}</Text>
        ) : null}

        {isPolling ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t("verification.polling")}</Text>
          </Group>
        ) : null}
        {isPollOver ? (
          <Text size="sm" role="status">
            {kind === "pending" ? t("verification.pollOver") : t("verification.pollNothing")}
          </Text>
        ) : null}

        <Group gap="sm">
          {kind === "retry" && status.can_start ? (
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={isStarting}
              onClick={onRetry}
            >
              {t("verification.tryAgain")}
            </Button>
          ) : null}
          {isStopped ? (
            <Button component={Link} to={SUPPORT_PATH} variant="default">
              {t("verification.contactSupport")}
            </Button>
          ) : null}
          {kind === "approved" && returnPath ? (
            <Button
              component={Link}
              to={returnPath}
              onClick={onReturn}
              classNames={{ root: classes.wrapRoot, label: classes.wrapLabel }}
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              {t(returnLabelKey(returnPath))}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
};
