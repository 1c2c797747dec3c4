import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "@vela/shared/app-info";
import { useTranslation } from "react-i18next";
import { api } from "@/shared/api/api-client";
import classes from "./sandbox-banner.module.css";

/** The banner's height: the account layout makes its fixed header this much taller while it shows. */
export const SANDBOX_BANNER_HEIGHT = 32;

/**
 * GET /api/app-info, once per visit: one build serves every environment, so whether this server
 * runs sandboxes in production (a staging server's ALLOW_SANDBOX_PROVIDERS) is asked at run time.
 * Until it answers, and if it fails, nothing is shown: the prerendered home page hydrates unchanged.
 */
export const useAppInfo = () =>
  useQuery({
    queryKey: ["app-info"],
    queryFn: ({ signal }) => api.request<AppInfo>("GET", "app-info", { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { notifyOnError: false },
  });

/** Whether the sandbox banner shows: only on production serving sandboxes, never in development or test. */
export const useSandboxBanner = () => useAppInfo().data?.sandbox === true;

/** "Sandbox: no real money moves", on every page of a staging server (both layouts put it on top). */
export const SandboxBanner = () => {
  const { t } = useTranslation();
  if (!useSandboxBanner()) return null;
  return (
    <section className={classes.banner} aria-label={t("sandbox.region")} data-testid="sandbox-banner">
      <IconAlertTriangle size={16} stroke={2} aria-hidden />
      <p role="status" className={classes.text}>
        {t("sandbox.banner")}
      </p>
    </section>
  );
};
