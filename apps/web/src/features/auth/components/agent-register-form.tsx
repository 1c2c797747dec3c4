import { Button, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { agentRegistration } from "@vela/shared/auth";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCities } from "@/shared/api/reference/get-cities";
import { useStates } from "@/shared/api/reference/get-states";
import { formResolver } from "@/shared/forms/form-resolver";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { useRegistrationSubmit } from "../hooks/use-registration-submit";
import { AccountFields, ContactFields, idValue, NameFields, TermsField } from "./registration-fields";

const agentForm = confirmPassword(agentRegistration);

/** An agency: its name and address (state and city from the chosen country), then the person. */
export const AgentRegisterForm = () => {
  const { t } = useTranslation();
  const methods = useForm({
    resolver: formResolver(agentForm),
    defaultValues: {
      agency_name: "",
      first_name: "",
      last_name: "",
      email: "",
      password: "",
      password_confirmation: "",
      country_id: null,
      state_id: undefined,
      city_id: undefined,
      address: "",
      phone_prefix: "",
      phone_number: "",
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
  const submit = useRegistrationSubmit("agent", methods.setError);

  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(submit)} noValidate aria-label={t("auth.register.agent")}>
        <Stack gap="md">
          <TextInput
            label={t("auth.fields.agencyName")}
            autoComplete="organization"
            required
            error={errors.agency_name?.message}
            {...register("agency_name")}
          />
          <NameFields />
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
          <TermsField />
          <Button type="submit" fullWidth size="md" loading={methods.formState.isSubmitting}>
            {t("auth.register.submit")}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
};
