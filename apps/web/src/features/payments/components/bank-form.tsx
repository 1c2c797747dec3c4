import { Checkbox, SimpleGrid, TextInput } from "@mantine/core";
import { bankAccountInput } from "@vela/shared/payments";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormNativeSelect } from "@/shared/forms/form-native-select";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";
import type { BankAccountForm } from "../api/pay";
import { usePaymentForm } from "../hooks/use-payment-form";
import { PaymentFormActions } from "./payment-form-actions";

const bankForm = bankAccountInput.extend({ save: z.boolean() });
type BankFormValues = z.input<typeof bankForm>;

const FIELD_MESSAGES = {
  "The routing number has 9 digits.": "payment.bank.invalidRouting",
  "The account number has 4 to 17 digits.": "payment.bank.invalidAccount",
} as const;
/** The API names a bank account's field by itself or under `bank_account.`; by itself wins. */
const FIELD_OF_API = Object.fromEntries(
  (["routingNumber", "accountNumber", "nameOnAccount", "accountType", "bankName"] as const).flatMap(
    (field) => [
      [`bank_account.${field}`, field],
      [field, field],
    ],
  ),
);

export type BankFormProps = {
  submitLabel: string;
  canSave?: boolean;
  onSubmit: (account: BankAccountForm, options: { save_bank: boolean }) => Promise<void>;
  onCancel?: () => void;
};

/** A US bank account (routing number, account number, type, name on the account) to debit by ACH or to save. */
export const BankForm = ({ submitLabel, canSave = false, onSubmit, onCancel }: BankFormProps) => {
  const { t } = useTranslation();
  const form = useForm<BankFormValues>({
    resolver: formResolver(bankForm),
    defaultValues: {
      bankName: "",
      routingNumber: "",
      accountNumber: "",
      accountType: "checking",
      nameOnAccount: "",
      save: false,
    },
  });
  const { register, handleSubmit } = form;
  const { field, isBusy, run } = usePaymentForm(form, { messageKeys: FIELD_MESSAGES, fieldOf: FIELD_OF_API });

  const submit = handleSubmit(({ save, ...account }) =>
    run(() =>
      onSubmit(
        { ...account, bankName: account.bankName?.trim() ? account.bankName.trim() : undefined },
        { save_bank: save },
      ),
    ),
  );

  return (
    <FormStack
      methods={form}
      onSubmit={submit}
      aria-label={t("payment.bank.formTitle")}
      stackProps={{ gap: "sm" }}
    >
      <TextInput
        label={t("payment.bank.nameOnAccount")}
        autoComplete="name"
        required
        {...field("nameOnAccount")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t("payment.bank.routingNumber")}
          inputMode="numeric"
          required
          {...field("routingNumber")}
        />
        <TextInput
          label={t("payment.bank.accountNumber")}
          inputMode="numeric"
          required
          {...field("accountNumber")}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormNativeSelect
          name="accountType"
          label={t("payment.bank.accountType")}
          data={[
            { value: "checking", label: t("payment.bank.checking") },
            { value: "savings", label: t("payment.bank.savings") },
          ]}
        />
        <TextInput label={t("payment.bank.bankName")} {...field("bankName")} />
      </SimpleGrid>
      {canSave ? <Checkbox label={t("payment.bank.save")} {...register("save")} /> : null}
      <PaymentFormActions submitLabel={submitLabel} isBusy={isBusy} onCancel={onCancel} />
    </FormStack>
  );
};
