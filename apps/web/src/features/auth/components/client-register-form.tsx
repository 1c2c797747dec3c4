import { clientRegistration } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { formResolver } from "@/shared/forms/form-resolver";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { AccountFields, ContactFields, EMPTY_REGISTRATION, NameRow } from "./registration-fields";
import { RegistrationForm } from "./registration-form";

const clientForm = confirmPassword(clientRegistration);

/** A personal account: the contract's clientRegistration. */
export const ClientRegisterForm = () => {
  const methods = useForm({
    resolver: formResolver(clientForm),
    // A fresh object: the constant itself would give the form its (narrower) type.
    defaultValues: { ...EMPTY_REGISTRATION },
  });
  return (
    <RegistrationForm kind="client" methods={methods}>
      <NameRow />
      <AccountFields />
      <ContactFields />
    </RegistrationForm>
  );
};
