import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import { useLanguage } from "@/shared/i18n/use-language";
import { prepareAmountStep } from "../api/prepare-amount-step";
import { AmountStep, type AmountStepProps } from "./amount-step";
import { AmountStepLoading } from "./amount-step-loading";

/**
 * The AMOUNT step for the home page: its loading state until the step's first answers are in the
 * query cache (prepareAmountStep asks them all, in the order the step would), then the step, once,
 * with all of them. Without it the card renders again for each of its six answers while the page
 * hydrates; with it, one render, and that one a transition, so React may yield to the browser
 * while it works instead of blocking the main thread.
 *
 * The prerendered page holds the loading state, which is also this component's first render, so
 * hydration finds the same markup. The step itself is unchanged: it runs its own queries, which
 * then find everything answered.
 */
export const PreparedAmountStep = (props: AmountStepProps) => {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [isPrepared, setIsPrepared] = useState(false);
  useEffect(() => {
    if (isPrepared) return;
    let isCurrent = true;
    void prepareAmountStep(queryClient, language).then(() => {
      if (isCurrent) startTransition(() => setIsPrepared(true));
    });
    return () => {
      isCurrent = false;
    };
  }, [isPrepared, queryClient, language]);
  return isPrepared ? <AmountStep {...props} /> : <AmountStepLoading continueLabel={props.continueLabel} />;
};
