import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from "@mantine/core";
import { type FieldErrors, useFormContext } from "react-hook-form";

/** A field's name in the surrounding form: the contract's snake_case, as its schema has it. */
type FormInputProps = { name: string };

/** The message react-hook-form holds for a field, translated already by `formResolver`. */
const errorOf = (errors: FieldErrors, name: string) => {
  const message = errors[name]?.message;
  return typeof message === "string" ? message : undefined;
};

/**
 * The form's state for one field of the form around it (its `FormProvider`): registered by name,
 * with its error in words.
 */
const useFormInput = (name: string) => {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return { error: errorOf(errors, name), ...register(name) };
};

/** A text field of the surrounding form: its label and input props, bound by `name`. */
export const FormTextInput = ({ name, ...props }: TextInputProps & FormInputProps) => {
  const input = useFormInput(name);
  return <TextInput {...props} {...input} />;
};

/** A password field of the surrounding form, bound like `FormTextInput`. */
export const FormPasswordInput = ({ name, ...props }: PasswordInputProps & FormInputProps) => {
  const input = useFormInput(name);
  return <PasswordInput {...props} {...input} />;
};
