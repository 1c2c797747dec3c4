import type { z } from "zod";
import { i18n } from "@/shared/i18n/i18n";

type WithConfirmation = { password: string; password_confirmation?: string | undefined };

/**
 * Adds the "repeat the password" check to a contract schema. The contract leaves the repeat
 * optional (the API only needs the password); only the browser can catch a typo in it.
 */
export const confirmPassword = <S extends z.ZodType<WithConfirmation>>(schema: S): S =>
  schema.refine((values) => values.password === (values.password_confirmation ?? ""), {
    path: ["password_confirmation"],
    error: () => i18n.t("validation.passwordMismatch"),
  });
