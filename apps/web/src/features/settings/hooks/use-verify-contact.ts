import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { SECURITY_SETTINGS_QUERY_KEY } from "../api/get-security-settings";

type VerifyContactOptions = {
  /** The contact's own settings query. */
  queryKey: QueryKey;
  verifiedMessage: string;
  /** Puts the page back as it was before the code was sent. */
  onVerified: () => void;
};

/**
 * Checks a contact's (e-mail or phone) code with `verify`. Once accepted, the page says so and
 * reloads what shows the contact: its settings, the security settings (SMS codes need a verified
 * phone) and the session's user. A refusal is notified.
 */
export const useVerifyContact = ({ queryKey, verifiedMessage, onVerified }: VerifyContactOptions) => {
  const queryClient = useQueryClient();
  return async (verify: () => Promise<unknown>) => {
    try {
      await verify();
      onVerified();
      notifySuccess(verifiedMessage);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: SECURITY_SETTINGS_QUERY_KEY }),
        sessionHandlers().reloadSession(),
      ]);
    } catch (error) {
      notifyApiError(error);
    }
  };
};
