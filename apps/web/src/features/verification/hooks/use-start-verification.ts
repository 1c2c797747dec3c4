import { useMutation } from "@tanstack/react-query";
import type { VerificationFlow } from "@vela/shared/verification";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { sdkAddress } from "@/shared/flow/verification-path";
import { getAccessToken } from "../api/access-token";

/**
 * Starts (or resumes) a verification flow: asks for an SDK access token and sends the browser to
 * the provider's hosted page, which brings the person back to `/account/verification?returned=1`.
 */
export const useStartVerification = () => {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: async (flow: VerificationFlow) => {
      const token = await getAccessToken(flow);
      const address = sdkAddress(token.sdk_url);
      if (address === null) throw new Error("The verification page's address is not a web page.");
      return address;
    },
    onSuccess: (address) => window.location.assign(address),
    meta: { errorFallback: t("verification.start.failed") },
  });
  // Back from the provider's page through the browser's history, the page may come out of the
  // back-forward cache as it was left: still "opening". Its buttons are usable again.
  const { reset } = mutation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);
  return mutation;
};
