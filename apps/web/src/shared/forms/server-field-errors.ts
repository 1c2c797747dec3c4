import type { ErrorOption } from "react-hook-form";
import { isApiError } from "@/shared/api/api-error";

/**
 * Puts a 422's messages on the form's own fields, which the API names as the form does (the
 * contract's snake_case). Messages for other names are left to the error notice.
 */
export const setServerFieldErrors = <Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: ErrorOption) => void,
) => {
  if (!isApiError(error) || !error.errors) return;
  const isField = (name: string): name is Field => fields.some((field) => field === name);
  for (const [field, messages] of Object.entries(error.errors)) {
    if (isField(field)) setError(field, { type: "server", message: messages.join(" ") });
  }
};
