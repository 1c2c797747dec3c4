import { SimpleGrid } from "@mantine/core";
import { agentRegistration } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCities } from "@/shared/api/reference/get-cities";
import { useStates } from "@/shared/api/reference/get-states";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { IdSelectField } from "@/shared/forms/id-select-field";
import { idValue } from "@/shared/forms/id-value";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { AccountFields, ContactFields, EMPTY_REGISTRATION, NameRow } from "./registration-fields";
import { RegistrationForm } from "./registration-form";

const agentForm = confirmPassword(agentRegistration);

/** An agency: its name and address (state and city from the chosen country), then the person. */
export const AgentRegisterForm = () => {
  const { t } = useTranslation();
  const methods = useForm({
    resolver: formResolver(agentForm),
    defaultValues: {
      ...EMPTY_REGISTRATION,
      agency_name: "",
      state_id: undefined,
      city_id: undefined,
      address: "",
    },
  });
  const { setValue, watch } = methods;
  const countryId = idValue(watch("country_id"));
  const stateId = idValue(watch("state_id"));
  const states = useStates(countryId);
  const cities = useCities(stateId);

  return (
    <RegistrationForm kind="agent" methods={methods}>
      <FormTextInput
        name="agency_name"
        label={t("auth.fields.agencyName")}
        autoComplete="organization"
        required
      />
      <NameRow />
      <ContactFields
        onCountryChange={() => {
          // A state or city of the previous country means nothing in the new one.
          setValue("state_id", undefined);
          setValue("city_id", undefined);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <IdSelectField
          name="state_id"
          label={t("auth.fields.state")}
          placeholder={countryId ? undefined : t("auth.fields.chooseCountryFirst")}
          searchable
          limit={80}
          records={states.data}
          disabled={!countryId || !states.data?.length}
          onChosen={() => setValue("city_id", undefined)}
        />
        <IdSelectField
          name="city_id"
          label={t("auth.fields.city")}
          placeholder={stateId ? undefined : t("auth.fields.chooseStateFirst")}
          searchable
          limit={80}
          records={cities.data}
          disabled={!stateId || !cities.data?.length}
        />
      </SimpleGrid>
      <FormTextInput
        name="address"
        label={t("auth.fields.agencyAddress")}
        autoComplete="street-address"
        required
      />
      <AccountFields />
    </RegistrationForm>
  );
};
