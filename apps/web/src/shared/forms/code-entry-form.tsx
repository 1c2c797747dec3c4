import { Button, Stack } from "@mantine/core";
import { codeField } from "@vela/shared/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CodeInput } from "@/shared/ui/code-input";
import { formResolver } from "./form-resolver";
import { ResendCodeButton } from "./resend-code-button";

const codeForm = z.object({ code: codeField });

type CodeEntryFormProps = {
  submitLabel: string;
  /** When "send again" opens (the server's `seconds`); null when it is open now. */
  resendAtMs?: number | null;
  onVerify: (code: string) => Promise<void>;
  /** Without it there is no "send again" (an authenticator app's code). */
  onResend?: () => Promise<void>;
  /** Labels the form for assistive technology, when a page has more than one. */
  label?: string;
};

/**
 * Every "enter the code we sent" step: the six-digit field, its submit button, and "send again"
 * that waits for the server's countdown.
 */
export const CodeEntryForm = ({
  submitLabel,
  resendAtMs = null,
  onVerify,
  onResend,
  label,
}: CodeEntryFormProps) => {
  const { t } = useTranslation();
  const [isSending, setIsSending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(codeForm), defaultValues: { code: "" } });
  const submit = handleSubmit(({ code }) => onVerify(code));
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        <CodeInput
          label={t("auth.fields.code")}
          required
          data-autofocus
          error={errors.code?.message}
          {...register("code")}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onResend ? (
          <ResendCodeButton
            resendAtMs={resendAtMs}
            isSending={isSending}
            onResend={async () => {
              setIsSending(true);
              await onResend().finally(() => setIsSending(false));
            }}
          />
        ) : null}
      </Stack>
    </form>
  );
};
