import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconCircleCheck, IconLinkOff, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { DynamicForm, FormValues } from "@vela/shared/dynamic-form";
import type { ExternalInvitation, ReceivingOptions } from "@vela/shared/external-recipients";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { DynamicFormFields } from "@/shared/forms/dynamic-form-fields";
import { dynamicFormResolver, dynamicFormValues } from "@/shared/forms/dynamic-form-resolver";
import { useLanguage } from "@/shared/i18n/use-language";
import { FlagImage } from "@/shared/ui/flag-image";
import {
  type Destination,
  invitationFormQueryOptions,
  invitationQueryOptions,
  type RecipientType,
  receivingOptionsQueryOptions,
  submitInvitation,
} from "../api/invitation-api";
import { forgetLinkToken, takeLinkToken } from "../utils/link-token";

const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/** A dead link: expired, used, or never whole. Says so plainly and what to do about it. */
const LinkGone = ({ message }: { message: string }) => {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="invitation-gone">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconLinkOff size={30} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2">
        {message}
      </Title>
      <Text c="dimmed" maw={460}>
        {t("recipientInvitation.goneHelp")}
      </Text>
    </Stack>
  );
};

const ThankYou = ({ name, sender }: { name: string; sender: string }) => {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="invitation-done">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={32} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t("recipientInvitation.thanksTitle", { name: name.split(" ")[0] })}
      </Title>
      <Text c="dimmed" maw={460}>
        {t("recipientInvitation.thanksText", { sender })}
      </Text>
    </Stack>
  );
};

type Choice = { country: number | null; currency: number | null; method: number | null };

/** The first value when there is only one to choose, so a link sent for one destination needs no choosing. */
const only = <T extends { id: number }>(items: T[] | undefined): number | null =>
  items?.length === 1 ? items[0]!.id : null;

/** Country, currency and delivery method, each narrowed by the one before. */
const DestinationFields = ({
  options,
  choice,
  onChange,
}: {
  options: ReceivingOptions;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) => {
  const { t } = useTranslation();
  const country = options.countries.find((item) => item.id === choice.country);
  const currency = country?.currencies.find((item) => item.id === choice.currency);
  const pickCountry = (value: string | null) => {
    const next = options.countries.find((item) => String(item.id) === value);
    const nextCurrency = only(next?.currencies);
    const methods = next?.currencies.find((item) => item.id === nextCurrency)?.shipping_methods;
    onChange({ country: next?.id ?? null, currency: nextCurrency, method: only(methods) });
  };
  const pickCurrency = (value: string | null) => {
    const next = country?.currencies.find((item) => String(item.id) === value);
    onChange({ ...choice, currency: next?.id ?? null, method: only(next?.shipping_methods) });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label={t("recipientInvitation.country")}
        placeholder={t("recipientInvitation.choose")}
        required
        searchable
        data={options.countries.map((item) => ({ value: String(item.id), label: item.name }))}
        value={choice.country === null ? null : String(choice.country)}
        onChange={pickCountry}
        leftSection={country ? <FlagImage url={`/api/flags/${country.iso2}.svg`} size={14} /> : null}
        nothingFoundMessage={t("dynamicForm.nothingFound")}
      />
      <Select
        label={t("recipientInvitation.currency")}
        placeholder={t("recipientInvitation.choose")}
        required
        disabled={!country}
        data={(country?.currencies ?? []).map((item) => ({
          value: String(item.id),
          label: `${item.code} · ${item.name}`,
        }))}
        value={choice.currency === null ? null : String(choice.currency)}
        onChange={pickCurrency}
      />
      <Select
        label={t("recipientInvitation.method")}
        placeholder={t("recipientInvitation.choose")}
        required
        disabled={!currency}
        data={(currency?.shipping_methods ?? []).map((item) => ({
          value: String(item.id),
          label: item.name,
        }))}
        value={choice.method === null ? null : String(choice.method)}
        onChange={(value) => onChange({ ...choice, method: value === null ? null : Number(value) })}
      />
    </SimpleGrid>
  );
};

/** The dynamic form itself; remounted (by its key) whenever the server answers another form. */
const DetailsForm = ({
  form,
  keep,
  onRefreshField,
  onSubmit,
}: {
  form: DynamicForm;
  keep: FormValues;
  onRefreshField: (key: string, value: string | boolean) => void;
  onSubmit: (values: FormValues, setFieldError: (key: string, message: string) => void) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const resolver = useMemo(() => dynamicFormResolver(form), [form]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues: dynamicFormValues(form, keep) });
  const keys = new Set(form.fields.map((field) => field.key));
  const submit = handleSubmit((values) =>
    onSubmit(values as FormValues, (key, message) => {
      if (keys.has(key)) setError(key, { type: "server", message });
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={form.title}>
      <Stack gap="lg">
        <DynamicFormFields
          form={form}
          control={control}
          onRefreshField={onRefreshField}
          disabled={isSubmitting}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting}>
            {t("recipientInvitation.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The form's values the invitation already knows: the name the owner typed (first word as the first
 * name, the rest as the last name; whole as a business's name) and the address the link went to.
 */
const prefillOf = (invitation: ExternalInvitation): FormValues => {
  const [first = "", ...rest] = invitation.name.trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(" "),
    business_name: invitation.name.trim(),
    email: invitation.email,
  };
};

const InvitationPage = ({ token, invitation }: { token: string; invitation: ExternalInvitation }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useQuery(receivingOptionsQueryOptions(token, language));
  const [choice, setChoice] = useState<Choice | null>(null);
  const [type, setType] = useState<RecipientType>("customer");
  const [refresh, setRefresh] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  // What the form starts from: the name and e-mail the owner typed, until the person types their own.
  const kept = useRef<FormValues>(prefillOf(invitation));

  // Until the person chooses, what the link was sent for (or the only option there is).
  const preset: Choice = useMemo(() => {
    const countries = options.data?.countries;
    const country = invitation.country_to_id ?? only(countries);
    const currencies = countries?.find((item) => item.id === country)?.currencies;
    const currency = invitation.currency_to_id ?? only(currencies);
    const methods = currencies?.find((item) => item.id === currency)?.shipping_methods;
    return { country, currency, method: invitation.shipping_method_id ?? only(methods) };
  }, [options.data, invitation]);
  const current = choice ?? preset;
  const destination: Destination | null =
    current.country !== null && current.currency !== null && current.method !== null
      ? {
          country_to_id: current.country,
          currency_to_id: current.currency,
          shipping_method_id: current.method,
        }
      : null;
  const form = useQuery(invitationFormQueryOptions(token, language, destination, type, refresh));

  if (done) return <ThankYou name={done} sender={invitation.sender_name} />;
  const goneMessage = gone ?? [options.error, form.error].find(isGone)?.message;
  if (goneMessage) return <LinkGone message={goneMessage} />;

  const submit = async (values: FormValues, setFieldError: (key: string, message: string) => void) => {
    if (!destination) return;
    kept.current = values;
    try {
      const answer = await submitInvitation(token, { type, ...destination, ...values });
      forgetLinkToken();
      setDone(answer.name);
    } catch (error) {
      if (isGone(error)) {
        forgetLinkToken();
        setGone((error as Error).message);
        return;
      }
      notifyApiError(error);
      if (isApiError(error) && error.errors) {
        for (const [key, messages] of Object.entries(error.errors)) setFieldError(key, messages.join(" "));
      }
    }
  };

  return (
    <Stack gap="xl">
      <div>
        <Text c="vela" fw={700} tt="uppercase" size="xs" lts={1}>
          {t("recipientInvitation.eyebrow")}
        </Text>
        <Title order={1} mt={6}>
          {t("recipientInvitation.title", { name: invitation.name.split(" ")[0] })}
        </Title>
        <Text c="dimmed" mt="sm" size="lg" data-testid="invitation-sender">
          {t("recipientInvitation.intro", { sender: invitation.sender_name })}
        </Text>
      </div>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="lg">
          <Title order={2} size="h4">
            {t("recipientInvitation.howTitle")}
          </Title>
          {options.isLoading ? <Loader size="sm" role="status" aria-label={t("common.loading")} /> : null}
          {options.error && !isGone(options.error) ? (
            <Alert color="red">{t("recipientInvitation.loadError")}</Alert>
          ) : null}
          {options.data ? (
            <DestinationFields options={options.data} choice={current} onChange={setChoice} />
          ) : null}
          <SegmentedControl
            value={type}
            onChange={(value) => setType(value as RecipientType)}
            data={[
              { value: "customer", label: t("recipientInvitation.person") },
              { value: "business", label: t("recipientInvitation.business") },
            ]}
            aria-label={t("recipientInvitation.typeLabel")}
            w={{ base: "100%", xs: "auto" }}
            style={{ alignSelf: "flex-start" }}
          />
        </Stack>
      </Card>
      {destination ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="lg">
            <Title order={2} size="h4">
              {form.data?.title ?? t("recipientInvitation.detailsTitle")}
            </Title>
            {form.isLoading ? <Loader size="sm" role="status" aria-label={t("common.loading")} /> : null}
            {form.error && !isGone(form.error) ? (
              <Alert color="red">{t("recipientInvitation.loadError")}</Alert>
            ) : null}
            {form.data ? (
              <DetailsForm
                key={form.data.key}
                form={form.data}
                keep={kept.current}
                onRefreshField={(key, value) => setRefresh((before) => ({ ...before, [key]: String(value) }))}
                onSubmit={submit}
              />
            ) : null}
          </Stack>
        </Card>
      ) : null}
      <Group gap="xs" wrap="nowrap" c="dimmed">
        <IconShieldLock size={18} aria-hidden style={{ flex: "none" }} />
        <Text size="sm">{t("recipientInvitation.privacy", { sender: invitation.sender_name })}</Text>
      </Group>
    </Stack>
  );
};

/**
 * `/recipient-invitation#<token>`: the page a send-link e-mail opens. The person sees who invited
 * them (first name and last initial), chooses how to receive, fills in the dynamic form and sends
 * it once; a dead link says so.
 */
export const RecipientInvitationRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("recipientInvitation.documentTitle")} · Vela`);
  const [token] = useState(takeLinkToken);
  const invitation = useQuery({ ...invitationQueryOptions(token ?? ""), enabled: token !== null });

  let body: React.ReactNode;
  if (token === null) body = <LinkGone message={t("recipientInvitation.incomplete")} />;
  else if (invitation.isLoading) {
    body = (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t("common.loading")} />
      </Group>
    );
  } else if (invitation.error) {
    body = isGone(invitation.error) ? (
      <LinkGone message={invitation.error.message} />
    ) : (
      <Alert color="red" title={t("errors.title")}>
        {t("recipientInvitation.loadError")}
      </Alert>
    );
  } else if (invitation.data) body = <InvitationPage token={token} invitation={invitation.data} />;

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      {body}
    </Container>
  );
};
