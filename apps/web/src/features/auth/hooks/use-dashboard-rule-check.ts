import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { examineDashboardRules } from "../api/examine-rules";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

export const RULES_QUERY_KEY = ["rules"] as const;

/**
 * The dashboard's rule check (spec §4): when the server answers a modal to show, the auth modal
 * shows it as its limit modal; when it says to hide the modal, its own limit modal on screen goes
 * away (not a service's: a money-moving flow's phone check may have opened one first).
 */
export const useDashboardRuleCheck = () => {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const hasToken = useAuthStore((state) => Boolean(state.token));
  const { data } = useQuery({
    queryKey: [...RULES_QUERY_KEY, "dashboard", userId],
    queryFn: ({ signal }) => examineDashboardRules(signal),
    enabled: hasToken,
    staleTime: 5 * 60 * 1000,
    meta: { notifyOnError: false },
  });
  useEffect(() => {
    if (!data) return;
    const modal = useAuthModalStore.getState();
    if (data.hide_modal) {
      if (modal.limitModal?.id.startsWith("dashboard:")) modal.close();
      return;
    }
    if (data.modal?.show && !modal.opened) modal.showLimitModal(data.modal);
  }, [data]);
};
