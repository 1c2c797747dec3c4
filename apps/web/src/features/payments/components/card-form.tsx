import { Checkbox, PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { BillingAddress } from "@vela/shared/payments";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useCountries } from "@/shared/api/reference/get-countries";
import { FormNativeSelect } from "@/shared/forms/form-native-select";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";
import { type CardToken, tokenizeCard } from "../api/pay";
import { usePaymentForm } from "../hooks/use-payment-form";
import { isLuhnValid, parseExpiry } from "../utils/card-number";
import { PaymentFormActions } from "./payment-form-actions";

const cardForm = z.object({
  name: z.string().trim().min(1).max(120),
  number: z
    .string()
    .transform((value) => value.replace(/\D/g, ""))
    .refine((digits) => digits.length >= 12 && digits.length <= 19 && isLuhnValid(digits), "card.number"),
  expiry: z.string().refine((value) => parseExpiry(value) !== null, "card.expiry"),
  cvc: z.string().regex(/^\d{3,4}$/, "card.cvc"),
  save: z.boolean(),
  line1: z.string().trim().max(120),
  city: z.string().trim().max(80),
  postal_code: z.string().trim().max(20),
  country_iso: z.string().trim().max(2),
});
type CardFormValues = z.input<typeof cardForm>;

/** Messages of the card form's own checks, by the key the schema gives them. */
const MESSAGE_KEYS = {
  "card.number": "payment.card.invalidNumber",
  "card.expiry": "payment.card.invalidExpiry",
  "card.cvc": "payment.card.invalidCvc",
} as const;
/** The processor's and the API's card fields, as the form names them. */
const FIELD_OF_API = {
  number: "number",
  cvc: "cvc",
  exp_month: "expiry",
  exp_year: "expiry",
  name: "name",
} as const;

export type CardFormProps = {
  /** What the submit button says ("Pay 259.99 USD", "Save card"). */
  submitLabel: string;
  /** Offers "save this card" (the flow does; the settings page always saves). */
  canSave?: boolean;
  /** Asks the billing address too (saving a card from settings needs it). */
  askBillingAddress?: boolean;
  /** Called with the processor's token once the card is tokenised; the caller pays or saves with it. */
  onToken: (
    token: CardToken,
    details: { name_holder: string; save_card: boolean; billing_address?: BillingAddress },
  ) => Promise<void>;
  onCancel?: () => void;
};

/**
 * A new card. The number, expiry and CVC go straight to the card processor's tokenisation endpoint;
 * only its token (with brand and last four) reaches our API, through `onToken`.
 */
export const CardForm = ({
  submitLabel,
  canSave = false,
  askBillingAddress = false,
  onToken,
  onCancel,
}: CardFormProps) => {
  const { t } = useTranslation();
  const countries = useCountries();
  const form = useForm<CardFormValues>({
    resolver: formResolver(cardForm),
    defaultValues: {
      name: "",
      number: "",
      expiry: "",
      cvc: "",
      save: false,
      line1: "",
      city: "",
      postal_code: "",
      country_iso: "US",
    },
  });
  const { register, handleSubmit, setError } = form;
  const { field, isBusy, run } = usePaymentForm(form, { messageKeys: MESSAGE_KEYS, fieldOf: FIELD_OF_API });

  const submit = handleSubmit(async (values) => {
    const expiry = parseExpiry(values.expiry);
    if (!expiry) return;
    if (askBillingAddress) {
      let isMissing = false;
      for (const field of ["line1", "city", "postal_code"] as const) {
        if (!values[field]) {
          setError(field, { type: "required", message: t("validation.required") });
          isMissing = true;
        }
      }
      if (isMissing) return;
    }
    await run(async () => {
      const token = await tokenizeCard({
        number: values.number.replace(/\D/g, ""),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: values.cvc,
        name: values.name.trim(),
      });
      await onToken(token, {
        name_holder: values.name.trim(),
        save_card: values.save,
        ...(askBillingAddress
          ? {
              billing_address: {
                line1: values.line1,
                city: values.city,
                postal_code: values.postal_code,
                country_iso: values.country_iso,
              },
            }
          : {}),
      });
    });
  });

  return (
    <FormStack
      methods={form}
      onSubmit={submit}
      aria-label={t("payment.card.formTitle")}
      stackProps={{ gap: "sm" }}
    >
      <TextInput label={t("payment.card.name")} autoComplete="cc-name" required {...field("name")} />
      <TextInput
        label={t("payment.card.number")}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        required
        {...field("number")}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t("payment.card.expiry")}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t("payment.card.expiryPlaceholder")}
          required
          {...field("expiry")}
        />
        <PasswordInput
          label={t("payment.card.cvc")}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
          {...field("cvc")}
        />
      </SimpleGrid>
      {askBillingAddress ? (
        <>
          <TextInput
            label={t("payment.card.line1")}
            autoComplete="billing address-line1"
            required
            {...field("line1")}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label={t("payment.card.city")}
              autoComplete="billing address-level2"
              required
              {...field("city")}
            />
            <TextInput
              label={t("payment.card.postalCode")}
              autoComplete="billing postal-code"
              required
              {...field("postal_code")}
            />
            <FormNativeSelect
              name="country_iso"
              label={t("payment.card.country")}
              data={(countries.data ?? [{ iso2: "US", name: "United States" }]).map((country) => ({
                value: country.iso2,
                label: country.name,
              }))}
            />
          </SimpleGrid>
        </>
      ) : null}
      {canSave ? <Checkbox label={t("payment.card.save")} {...register("save")} /> : null}
      <PaymentFormActions
        submitLabel={submitLabel}
        submitIcon={<IconLock size={16} aria-hidden />}
        isBusy={isBusy}
        onCancel={onCancel}
      />
    </FormStack>
  );
};
