import { Alert, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { PURCHASE_PERMISSION, type PurchaseService } from "@vela/shared/purchases";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { examineServiceRules } from "@/features/auth/api/examine-rules";
import { RULES_QUERY_KEY } from "@/features/auth/hooks/use-dashboard-rule-check";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";

/**
 * Before a purchase service's pages: the session's permission (recharge, giftcard, paybill) and
 * GET /{service}/examine-rules (recharge, giftcard, paybill). When the server answers a modal, the
 * auth modal shows it as its limit modal and the page says the service cannot be used now.
 */
export const PurchaseServiceGate = ({
  service,
  children,
}: {
  service: PurchaseService;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const ruleService = PURCHASE_PERMISSION[service];
  const isAllowed = useAuthStore((state) => state.permissions[ruleService]);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const rules = useQuery({
    queryKey: [...RULES_QUERY_KEY, ruleService, userId],
    queryFn: ({ signal }) => examineServiceRules(ruleService, signal),
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
      <Alert color="gray" variant="light" role="alert" maw={760} title={t(`purchases.titles.${service}`)}>
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
        title={modal?.title ?? t(`purchases.titles.${service}`)}
      >
        {modal?.text ?? t("purchases.disabled")}
      </Alert>
    );
  return <>{children}</>;
};
