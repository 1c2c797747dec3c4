import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";

/**
 * The card and bank forms' submit: busy while it runs; a refusal is shown on the fields the API
 * names (`fieldOf`: the API's field → the form's; when two name one field, the later wins), or as
 * a notification when it names none of them.
 */
export const usePaymentFormSubmit = <V extends FieldValues>(
  setError: UseFormSetError<V>,
  fieldOf: Readonly<Record<string, Path<V>>>,
) => {
  const [isBusy, setIsBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors : null;
      let isShown = false;
      for (const [apiField, field] of Object.entries(fieldOf)) {
        const text = fieldErrors?.[apiField]?.[0];
        if (text) {
          setError(field, { type: "server", message: text });
          isShown = true;
        }
      }
      if (!isShown) notifyApiError(error);
    } finally {
      setIsBusy(false);
    }
  };
  return { isBusy, run };
};
