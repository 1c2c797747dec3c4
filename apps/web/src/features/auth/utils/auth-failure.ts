import { isApiError } from "@/shared/api/api-error";
import { i18n } from "@/shared/i18n/i18n";
import { useAuthModalStore } from "../stores/auth-modal-store";

/** What a failure says to a person: the server's message, its first field error, or the fallback. */
export const failureText = (error: unknown, fallback: string): string => {
  if (!isApiError(error)) return fallback;
  const firstFieldError = error.errors ? Object.values(error.errors)[0]?.[0] : undefined;
  return error.serverMessage ?? firstFieldError ?? fallback;
};

/** A failed step in the modal: what went wrong shows above the step. */
export const showFailure = (error: unknown) => {
  useAuthModalStore.getState().setErrorMessage(failureText(error, i18n.t("errors.unexpected")));
};

/**
 * A failed sign-in step (password, second factor). Too many tries (429) locks the form behind the
 * abuser message with the server's `Retry-After` countdown; anything else is shown in the modal.
 */
export const showSignInFailure = (error: unknown) => {
  if (isApiError(error) && error.status === 429) {
    useAuthModalStore.getState().setAbuserMessage({
      message: error.serverMessage ?? i18n.t("auth.abuser.fallback"),
      retryAtMs: error.retryAfterSeconds === null ? null : Date.now() + error.retryAfterSeconds * 1000,
    });
    return;
  }
  showFailure(error);
};
