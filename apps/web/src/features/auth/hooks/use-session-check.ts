import { useEffect } from "react";
import { isApiError } from "@/shared/api/api-error";
import { getSession } from "../api/get-session";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

/** Whether a failed session check carries admonitions (a notice that the session is kept on purpose). */
const hasAdmonitions = (error: unknown) => {
  if (!isApiError(error) || !error.body) return false;
  const admonitions = error.body.admonitions;
  return Array.isArray(admonitions) ? admonitions.length > 0 : Boolean(admonitions);
};

/**
 * The session check of spec §4, once when the app starts with a stored token: success stores the
 * role, user and permissions; a failure without admonitions clears the session. An expired access
 * token is renewed by the api client first, so only a session that cannot be renewed fails here.
 * No answer at all (offline) or a server error says nothing about the session, which is kept.
 */
export const useSessionCheck = () => {
  useEffect(() => {
    if (!useAuthStore.getState().token) return;
    let isCurrent = true;
    getSession().then(
      (check) => {
        if (isCurrent) useAuthStore.getState().applySessionCheck(check);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        if (!isApiError(error) || error.status === 0 || error.status >= 500) return;
        if (hasAdmonitions(error)) return;
        const { pathname, search } = window.location;
        useAuthStore.getState().logout();
        // Someone who opened an account page gets the login form, and comes back here after it.
        if (pathname.startsWith("/account")) {
          useAuthModalStore.getState().open({ view: "login", returnTo: `${pathname}${search}` });
        }
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
};
