import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { RuleService } from "@vela/shared/auth";
import { PURCHASE_PERMISSION, type PurchaseService } from "@vela/shared/purchases";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { examineServiceRules } from "@/features/auth/api/examine-rules";
import { RULES_QUERY_KEY } from "@/features/auth/hooks/use-dashboard-rule-check";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { RULE_ACTIONS } from "@/features/auth/utils/rule-actions";
import { verificationPathFrom } from "@/shared/flow/verification-path";

/** The flow each rule service heads, named on a refusal. */
const TITLE_KEYS = {
  sendmoney: "sendFlow.title",
  wallet: "wallets.title",
  recharge: "purchases.titles.reload-phones",
  giftcard: "purchases.titles.gift-cards",
  paybill: "purchases.titles.prepaid-pay-bills",
} as const satisfies Record<RuleService, string>;

/**
 * Before every money-moving flow (send money, the wallet's deposit, convert, send and withdraw, and
 * the purchases): the session's permission for the service (the wallet has none of its own) and
 * GET /{service}/examine-rules, which answers the money-moving rule (a verified phone) and the
 * others. When the server answers a modal, the auth modal shows it as its limit modal (its button
 * opens the phone's verification) and the page says the service cannot be used now. The API
 * refuses the same services' quotations and transactions on the same rule.
 */
export const ServiceRulesGate = ({ service, children }: { service: RuleService; children: ReactNode }) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const title = t(TITLE_KEYS[service]);
  const isAllowed = useAuthStore((state) => service === "wallet" || state.permissions[service]);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const rules = useQuery({
    queryKey: [...RULES_QUERY_KEY, service, userId],
    queryFn: ({ signal }) => examineServiceRules(service, signal),
    enabled: isAllowed,
    staleTime: 60 * 1000,
    meta: { notifyOnError: false },
  });
  const modal = rules.data?.modal?.show && !rules.data.hide_modal ? rules.data.modal : null;
  useEffect(() => {
    if (!modal) return;
    const modalStore = useAuthModalStore.getState();
    if (!modalStore.opened) modalStore.showLimitModal(modal);
  }, [modal]);

  if (!isAllowed)
    return (
      <Alert color="gray" variant="light" role="alert" maw={760} title={title}>
        {t("purchases.disabled")}
      </Alert>
    );
  if (rules.isPending)
    return (
      <Stack gap="sm" maw={760} aria-busy>
        <Skeleton height={32} width="40%" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  if (rules.data && !rules.data.allowed)
    return (
      <Alert
        color="yellow"
        variant="light"
        role="alert"
        maw={760}
        title={modal?.title ?? title}
        // Mantine's yellow title on its light yellow fails contrast (axe): the title in dark text.
        styles={{ title: { color: "var(--mantine-color-dark-7)" } }}
      >
        <Text size="sm">{modal?.text ?? t("purchases.disabled")}</Text>
        {/* The modal may have been put off ("Later"): its way to higher limits stays on the page. */}
        {modal?.button.code === RULE_ACTIONS.verifyIdentity ? (
          <Button component={Link} to={verificationPathFrom(`${pathname}${search}`)} size="xs" mt="sm">
            {modal.button.label}
          </Button>
        ) : null}
      </Alert>
    );
  return <>{children}</>;
};

/** A purchase service's pages behind its rules (recharge, giftcard, paybill). */
export const PurchaseServiceGate = ({
  service,
  children,
}: {
  service: PurchaseService;
  children: ReactNode;
}) => <ServiceRulesGate service={PURCHASE_PERMISSION[service]}>{children}</ServiceRulesGate>;
