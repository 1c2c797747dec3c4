import { useQueryClient } from "@tanstack/react-query";
import type { Role } from "@vela/shared/api";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useNavigate } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { type RegistrationBody, register } from "../api/register";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

/**
 * Sends a registration. The answer signs the user in straight away; a kind with on-boarding then
 * walks through the e-mail and phone codes in the modal, the others go to their account. A refusal
 * is shown the spec's way (§8) and each field's message is also put under its field.
 */
export const useRegistrationSubmit = <K extends Role, V extends FieldValues>(
  kind: K,
  setError: UseFormSetError<V>,
) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (values: RegistrationBody[K]) => {
    try {
      const session = await register(kind, values);
      // Whatever was cached belonged to nobody (or to someone else); start clean.
      queryClient.clear();
      useAuthStore.getState().setAuthSession(session);
      const modal = useAuthModalStore.getState();
      if (session.onboarding.available && session.onboarding.status !== "complete") {
        modal.setOnboardingStatus(session.onboarding, { start: "email", emailCodeSentAtMs: Date.now() });
        return;
      }
      modal.close();
      // Where the visitor was headed (the priced transfer of the home calculator's Get started).
      navigate(modal.returnTo ?? "/account");
    } catch (error) {
      notifyApiError(error);
      if (isApiError(error) && error.errors) {
        for (const [field, messages] of Object.entries(error.errors)) {
          // The API names fields as the form does (the contract's snake_case).
          setError(field as Path<V>, { type: "server", message: messages.join(" ") });
        }
      }
    }
  };
};
