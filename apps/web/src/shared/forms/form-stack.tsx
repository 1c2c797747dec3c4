import { Stack, type StackProps } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";

type FormStackProps<V extends FieldValues, C, T> = {
  /** The form (its `useForm`), which the fields inside find through the context. */
  methods: UseFormReturn<V, C, T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name, when the page has more than one. */
  "aria-label"?: string;
  /** The stack's own props (a narrower gap, a width); its gap is "md" unless told. */
  stackProps?: Omit<StackProps, "children">;
  children: ReactNode;
};

/**
 * A form whose fields sit in a stack and take their state from the form's context. The schema
 * validates it (`formResolver`), not the browser, so the browser's own checks are off.
 */
export const FormStack = <V extends FieldValues, C, T>({
  methods,
  onSubmit,
  "aria-label": ariaLabel,
  stackProps,
  children,
}: FormStackProps<V, C, T>) => (
  <FormProvider {...methods}>
    <form onSubmit={onSubmit} noValidate aria-label={ariaLabel}>
      <Stack gap="md" {...stackProps}>
        {children}
      </Stack>
    </form>
  </FormProvider>
);
