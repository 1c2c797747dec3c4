import { KYB_MESSAGES } from "@vela/shared/kyb";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { formResolver } from "@/shared/forms/form-resolver";
import { i18n } from "@/shared/i18n/i18n";

/** The contract's own English messages for these forms, and their keys in the page's language. */
const KYB_MESSAGE_KEYS = [
  [KYB_MESSAGES.ownerBelowThreshold, "kyb.validation.ownerBelowThreshold"],
  [KYB_MESSAGES.ownershipNeeded, "kyb.validation.ownershipNeeded"],
  [KYB_MESSAGES.percentFormat, "kyb.validation.percentFormat"],
  [KYB_MESSAGES.website, "kyb.validation.website"],
  [KYB_MESSAGES.registrationNumber, "kyb.validation.registrationNumber"],
  [KYB_MESSAGES.incorporationPast, "kyb.validation.past"],
  ["You must be at least 18 years old.", "kyb.validation.adult"],
  ["Must be a real date.", "kyb.validation.realDate"],
  ["Must be a real date of birth.", "kyb.validation.realDate"],
] as const;
const keyOf = (message: string) => KYB_MESSAGE_KEYS.find(([text]) => text === message)?.[1];

/** `formResolver`, with the KYB schemas' own messages put in the page's language too. */
export const kybResolver = <Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> => {
  const resolve = formResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors)) {
      const message = typeof error?.message === "string" ? error.message : undefined;
      const key = message ? keyOf(message) : undefined;
      if (error && key) error.message = i18n.t(key);
    }
    return result;
  };
};
