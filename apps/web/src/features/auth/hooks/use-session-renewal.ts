import { useEffect } from "react";
import { renewSessionAhead } from "@/shared/api/api-client";
import { useAuthStore } from "../stores/auth-store";

/** The most time before the access token runs out that it is renewed. */
export const RENEWAL_LEAD_MS_MAX = 60_000;

/**
 * How long before the access token runs out it is renewed: a minute, or a fifth of its life when
 * that is shorter, so a short-lived token is not renewed the moment it arrives.
 */
export const renewalLeadMs = (expiresInSeconds: number) =>
  Math.min(RENEWAL_LEAD_MS_MAX, (expiresInSeconds * 1000) / 5);

/**
 * Renews the session shortly before its access token runs out (the login and renewal answers say
 * when), so requests are not refused first. Every tab schedules its own renewal; the api client
 * makes them one (a Web Lock, and the stored session read again first), and the other tabs pick
 * the new session up from storage, which schedules their next renewal. A renewal that cannot reach
 * the server is left to the next request's 401.
 */
export const useSessionRenewal = () => {
  const token = useAuthStore((state) => state.token);
  const expiresAtMs = useAuthStore((state) => state.expiresAtMs);
  const expiresIn = useAuthStore((state) => state.expiresIn);
  const isSessionModalOpen = useAuthStore((state) => state.sessionModalOpen);

  useEffect(() => {
    if (!token || expiresAtMs === null || expiresIn === null || isSessionModalOpen) return;
    const renewAtMs = expiresAtMs - renewalLeadMs(expiresIn);
    let isStarted = false;
    const renew = () => {
      if (isStarted) return;
      isStarted = true;
      void renewSessionAhead(token);
    };
    const timer = setTimeout(renew, Math.max(0, renewAtMs - Date.now()));
    // A hidden tab's timers may run late, and none run while the computer sleeps: look again when
    // the page is seen.
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible" && Date.now() >= renewAtMs) renew();
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [token, expiresAtMs, expiresIn, isSessionModalOpen]);
};
