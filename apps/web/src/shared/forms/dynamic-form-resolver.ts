import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DynamicForm,
  dynamicFormSchema,
  type FormField,
  type FormValues,
} from "@vela/shared/dynamic-form";
import { spanishValidationMessage } from "@vela/shared/validation-messages";
import type { FieldError, FieldErrors, Resolver, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/shared/api/api-error";
import { currentLanguage } from "@/shared/i18n/i18n";

/** A field's empty value: switches and checkboxes are booleans, everything else text. */
const emptyValue = (field: FormField): string | boolean =>
  field.kind === "switch" || field.kind === "checkbox" ? false : "";

/**
 * The form's starting values: one per field, taken from `from` (a saved recipient's details, or
 * what was typed before the form was fetched again) when it holds a value of the right type.
 */
export const dynamicFormValues = (form: DynamicForm, from: Record<string, unknown> = {}): FormValues => {
  const values: FormValues = {};
  for (const field of form.fields) {
    const empty = emptyValue(field);
    const previous = from[field.key];
    values[field.key] = typeof previous === typeof empty ? (previous as string | boolean) : empty;
  }
  return values;
};

const translate = (errors: FieldErrors) => {
  if (currentLanguage() !== "es") return;
  for (const error of Object.values(errors) as (FieldError | undefined)[]) {
    if (error && typeof error.message === "string") {
      error.message = spanishValidationMessage(error.message) ?? error.message;
    }
  }
};

/**
 * Validates a dynamic form's values with `dynamicFormSchema(form)`, the schema the API validates
 * them with, so both refuse the same values with the same words (the API's Spanish ones too).
 * Only the form's own keys are validated: values left from fields an earlier version of the form
 * had are dropped, not refused.
 */
export const dynamicFormResolver = (form: DynamicForm): Resolver<FormValues> => {
  const resolve = zodResolver(dynamicFormSchema(form));
  return async (values, context, options) => {
    const own = Object.fromEntries(form.fields.map((field) => [field.key, values[field.key]]));
    const result = await resolve(own, context, options as never);
    translate(result.errors);
    return result as Awaited<ReturnType<Resolver<FormValues>>>;
  };
};

/**
 * Puts a 422's messages on the fields they name. Returns whether any field of the form took one
 * (the others, such as `type` or `country_to_id`, are for the caller to show).
 */
export const setDynamicFormErrors = (
  form: DynamicForm,
  error: unknown,
  setError: UseFormSetError<FormValues>,
): boolean => {
  if (!isApiError(error) || !error.errors) return false;
  let placed = false;
  for (const [key, messages] of Object.entries(error.errors)) {
    if (form.fields.some((field) => field.key === key)) {
      setError(key, { type: "server", message: messages.join(" ") }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
};
