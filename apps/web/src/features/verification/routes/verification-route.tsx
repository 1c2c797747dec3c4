import { Skeleton, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { VerificationFlow } from "@vela/shared/verification";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/shared/ui/page-header";
import { EnhancedCard } from "../components/enhanced-card";
import { LevelsOverview } from "../components/levels-overview";
import { LoadState } from "../components/load-state";
import { StartCard } from "../components/start-card";
import { StatusCard } from "../components/status-card";
import { statusKind } from "../components/status-kind";
import { useReturnPath } from "../hooks/use-return-path";
import { useStartVerification } from "../hooks/use-start-verification";
import { useVerificationStatus } from "../hooks/use-verification-status";

/**
 * `/account/verification` (issue 20): the person's status and level, the next step (the identity
 * check, then the enhanced level's questionnaire, personal details and proof), and what each level
 * allows. The provider's page brings the person back here with `?returned=1`; a money flow that
 * sent them here (`?from=`) is offered again once they are approved.
 */
export const VerificationRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("verification.title")} · Vela`);
  const [searchParams] = useSearchParams();
  const returned = searchParams.get("returned") === "1";
  const { returnPath, forget } = useReturnPath();
  const { query: status, isPolling, isPollOver } = useVerificationStatus({ returned });
  const start = useStartVerification();
  const startFlow = (flow: VerificationFlow) => start.mutate(flow);
  const startingFlow = start.isPending || start.isSuccess ? start.variables : undefined;

  const data = status.data;
  const kind = data ? statusKind(data) : null;
  const isStopped = kind === "final" || kind === "blocked";
  const showStart =
    data !== undefined && data.level === "unverified" && data.can_start && !isStopped && kind !== "retry";
  const showEnhanced = data !== undefined && data.level === "identity_verified" && !isStopped;
  const isEnhancedInReview = data?.flow === "enhanced" && (kind === "pending" || kind === "onHold");

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t("verification.title")} text={t("verification.text")} />
      {data ? (
        <StatusCard
          status={data}
          returnPath={returnPath}
          onReturn={forget}
          isPolling={isPolling}
          isPollOver={isPollOver}
          onRetry={() => startFlow(data.flow ?? "identity")}
          isStarting={startingFlow !== undefined}
        />
      ) : (
        <LoadState
          query={status}
          loading={<Skeleton height={180} radius="lg" />}
          errorText={t("verification.loadError")}
        />
      )}
      {showStart ? (
        <StartCard onStart={() => startFlow("identity")} isStarting={startingFlow === "identity"} />
      ) : null}
      {showEnhanced ? (
        <EnhancedCard
          onStart={() => startFlow("enhanced")}
          isStarting={startingFlow === "enhanced"}
          canStart={data.can_start && !isEnhancedInReview}
          isInReview={isEnhancedInReview}
        />
      ) : null}
      <LevelsOverview />
    </Stack>
  );
};
