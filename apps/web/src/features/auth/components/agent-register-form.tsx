import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { agentRegistration } from "@vela/shared/auth";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCities } from "@/shared/api/reference/get-cities";
import { useStates } from "@/shared/api/reference/get-states";
import { formResolver } from "@/shared/forms/form-resolver";
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
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors },
  } = methods;
  const countryId = idValue(watch("country_id"));
  const stateId = idValue(watch("state_id"));
  const states = useStates(countryId);
  const cities = useCities(stateId);

  return (
    <RegistrationForm kind="agent" methods={methods}>
      <TextInput
        label={t("auth.fields.agencyName")}
        autoComplete="organization"
        required
        error={errors.agency_name?.message}
        {...register("agency_name")}
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
        <Controller
          control={control}
          name="state_id"
          render={({ field }) => (
            <Select
              label={t("auth.fields.state")}
              placeholder={countryId ? undefined : t("auth.fields.chooseCountryFirst")}
              searchable
              limit={80}
              data={(states.data ?? []).map((state) => ({ value: String(state.id), label: state.name }))}
              disabled={!countryId || !states.data?.length}
              value={idValue(field.value) ? String(field.value) : null}
              onChange={(value) => {
                field.onChange(value ? Number(value) : undefined);
                setValue("city_id", undefined);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.state_id?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="city_id"
          render={({ field }) => (
            <Select
              label={t("auth.fields.city")}
              placeholder={stateId ? undefined : t("auth.fields.chooseStateFirst")}
              searchable
              limit={80}
              data={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              disabled={!stateId || !cities.data?.length}
              value={idValue(field.value) ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.city_id?.message}
            />
          )}
        />
      </SimpleGrid>
      <TextInput
        label={t("auth.fields.agencyAddress")}
        autoComplete="street-address"
        required
        error={errors.address?.message}
        {...register("address")}
      />
      <AccountFields />
    </RegistrationForm>
  );
};
