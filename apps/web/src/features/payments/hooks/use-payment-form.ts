import type { ParseKeys } from "i18next";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";

/**
 * What the card and bank forms do the same way with their react-hook-form form: a field's props
 * (registered, with its error in words: the schema's own messages by `messageKeys`, others as
 * they are), and the submit (`run`): busy while it runs; a refusal shown on the fields the API
 * names (`fieldOf`: the API's field → the form's; when two name one field, the later wins), or as
 * a notification when it names none of them.
 */
export const usePaymentForm = <V extends FieldValues>(
  form: UseFormReturn<V>,
  {
    messageKeys,
    fieldOf,
  }: {
    messageKeys: Readonly<Record<string, ParseKeys>>;
    fieldOf: Readonly<Record<string, Path<V>>>;
  },
) => {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const { register, setError, formState } = form;

  const field = (name: Path<V>) => {
    const message = (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
    const key = message ? messageKeys[message] : undefined;
    return { error: key ? t(key) : message || undefined, ...register(name) };
  };

  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors : null;
      let isShown = false;
      for (const [apiField, formField] of Object.entries(fieldOf)) {
        const text = fieldErrors?.[apiField]?.[0];
        if (text) {
          setError(formField, { type: "server", message: text });
          isShown = true;
        }
      }
      if (!isShown) notifyApiError(error);
    } finally {
      setIsBusy(false);
    }
  };

  return { field, isBusy, run };
};
