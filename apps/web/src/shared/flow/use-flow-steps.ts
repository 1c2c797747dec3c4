import { useCallback, useEffect } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";

/** A step's address below its flow's: `/account/pay-bills` and PROVIDER make `/account/pay-bills/provider`. */
export const flowStepPath = (basePath: string, step: string) => `${basePath}/${step.toLowerCase()}`;

/** The step an address segment names, or -1. */
export const flowStepIndex = (steps: readonly string[], segment: string | undefined) =>
  steps.findIndex((step) => step.toLowerCase() === segment?.toLowerCase());

/**
 * The step↔URL plumbing every flow route shares: the address (`:step`) names the step and the
 * store's counter follows it, so a reload or the browser's back button lands on the same step;
 * `go` moves to a step by index or by name.
 */
export const useFlowSteps = <Step extends string>({
  steps,
  basePath,
  setStep,
}: {
  steps: readonly Step[];
  basePath: string;
  /** The store's step counter (spec §4), kept equal to the address. */
  setStep: (step: number) => void;
}) => {
  const { step: segment } = useParams();
  const navigate = useNavigate();
  const index = flowStepIndex(steps, segment);

  useEffect(() => {
    if (index >= 0) setStep(index);
  }, [index, setStep]);

  const pathOf = useCallback((step: Step) => flowStepPath(basePath, step), [basePath]);
  const go = useCallback(
    (step: number | Step, options?: { replace?: boolean }) => {
      const name = typeof step === "number" ? steps[step] : step;
      if (name) navigate(pathOf(name), options);
    },
    [steps, navigate, pathOf],
  );

  return { index, name: index >= 0 ? steps[index] : undefined, go, pathOf };
};

/**
 * A payment provider sends the person back to PAYMENT with `?payment_id=`: the id it carries, and
 * a way to drop it from the address once the payment step has read it.
 */
export const usePaymentReturn = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedPaymentId = Number(searchParams.get("payment_id")) || null;
  const forgetReturn = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete("payment_id");
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { returnedPaymentId, forgetReturn };
};
