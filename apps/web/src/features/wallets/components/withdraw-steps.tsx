import { Alert, Button, Divider, Group, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconMailForward, IconPlus } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Quotation } from "@vela/shared/pricing";
import type { Recipient } from "@vela/shared/recipients";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { isFinalAnswer, StepHeading } from "@/shared/flow/review-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { useLanguage } from "@/shared/i18n/use-language";
import { FlagImage } from "@/shared/ui/flag-image";
import { QueryNotices } from "@/shared/ui/query-notices";
import { createWalletTransaction } from "../api/create-transaction";
import { useUserWallets } from "../api/get-wallets";
import { sendWithdrawCode, useBeneficiaries, useWithdrawMethods } from "../api/withdraw";
import type { WalletFlowStore } from "../stores/wallet-flow-store";
import { useQuotationRows } from "./wallet-review-step";

/** METHOD: which wallet the money leaves, and how it is paid out (a bank account, a mobile wallet). */
export const WithdrawMethodStep = ({
  store,
  onContinue,
}: {
  store: WalletFlowStore;
  onContinue: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const wallets = useUserWallets();
  const methods = useWithdrawMethods(state.currency_from_id);
  const list = wallets.data ?? [];
  const chosenWallet = list.find((wallet) => wallet.currency.id === state.currency_from_id) ?? null;
  const methodList = methods.data ?? [];
  const isMethodOffered = methodList.some((method) => method.id === state.withdrawal_method_id);
  // A single way to be paid out is chosen for the person (as a loaded list picks its first item).
  const onlyMethodId = methodList.length === 1 ? (methodList[0]?.id ?? null) : null;
  useEffect(() => {
    if (onlyMethodId !== null && !isMethodOffered) store.getState().methodChosen(onlyMethodId);
  }, [onlyMethodId, isMethodOffered, store]);

  return (
    <Stack gap="lg">
      <StepHeading title={t("wallets.withdraw.methodTitle")} text={t("wallets.withdraw.methodText")} />
      {wallets.isPending ? <Skeleton height={96} radius="md" /> : null}
      {wallets.data && list.length === 0 && !wallets.isError ? (
        <Alert color="gray" variant="light">
          {t("wallets.withdraw.noWallets")}
        </Alert>
      ) : null}
      {list.length > 0 ? (
        <Radio.Group
          label={t("wallets.withdraw.wallet")}
          value={chosenWallet ? String(chosenWallet.currency.id) : null}
          onChange={(value) => {
            store.getState().setCurrency("from", Number(value));
            store.getState().setCurrency("to", Number(value));
          }}
        >
          <Stack gap="xs" mt="xs">
            {list.map((wallet) => (
              <Radio
                key={wallet.id}
                value={String(wallet.currency.id)}
                label={
                  <Group gap={8} wrap="nowrap">
                    {wallet.currency.flag_currency ? (
                      <FlagImage url={wallet.currency.flag_currency} size={14} />
                    ) : null}
                    <span>
                      {wallet.currency.iso} ·{" "}
                      {t("wallets.withdraw.availableShort", {
                        amount: moneyText(wallet.available, wallet.currency.iso, locale),
                      })}
                    </span>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {chosenWallet ? (
        methods.isPending ? (
          <Skeleton height={96} radius="md" />
        ) : methodList.length === 0 ? (
          <Alert color="gray" variant="light">
            {t("wallets.withdraw.noMethods")}
          </Alert>
        ) : (
          <Radio.Group
            label={t("wallets.withdraw.method")}
            value={isMethodOffered ? String(state.withdrawal_method_id) : null}
            onChange={(value) => store.getState().methodChosen(Number(value))}
          >
            <Stack gap="xs" mt="xs">
              {methodList.map((method) => (
                <Radio
                  key={method.id}
                  value={String(method.id)}
                  label={method.name}
                  description={method.description}
                />
              ))}
            </Stack>
          </Radio.Group>
        )
      ) : null}
      <Group justify="flex-end">
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={!chosenWallet || !isMethodOffered}
          onClick={onContinue}
        >
          {t("sendFlow.continue")}
        </Button>
      </Group>
    </Stack>
  );
};

/** Keys of a saved account's details that hold a number to keep private (shown as "•••• 6789"). */
const ACCOUNT_NUMBER_KEY = /account_number|iban|clabe|cbu|wallet_number|phone/i;

/** An account or phone number as a saved withdrawal account shows it: its last four characters. */
export const maskedNumber = (value: string) => {
  const compact = value.replace(/\s/g, "");
  return compact.length <= 4 ? compact : `••••\u00a0${compact.slice(-4)}`;
};

/** A saved account's one-line description: its currency and its numbers, masked. */
export const accountText = (recipient: Recipient) => {
  const numbers = Object.entries(recipient.details)
    .filter(([key, value]) => ACCOUNT_NUMBER_KEY.test(key) && typeof value === "string" && value !== "")
    .map(([, value]) => maskedNumber(String(value)));
  return [recipient.currency_iso, ...numbers.slice(0, 2)].join(" · ");
};

/**
 * BENEFICIARY: the account the withdrawal pays into — one saved for this currency and method, or
 * a new one through the recipients' withdraw form (the host opens it).
 */
export const BeneficiaryStep = ({
  store,
  onAddNew,
  onContinue,
  onBack,
}: {
  store: WalletFlowStore;
  onAddNew: () => void;
  onContinue: () => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const state = store();
  const beneficiaries = useBeneficiaries(state.currency_from_id, state.withdrawal_method_id);
  const list = beneficiaries.data?.data ?? [];
  const chosen = list.find((recipient) => recipient.id === state.recipient_id) ?? null;
  return (
    <Stack gap="lg">
      <StepHeading
        title={t("wallets.withdraw.beneficiaryTitle")}
        text={t("wallets.withdraw.beneficiaryText")}
      />
      <QueryNotices
        query={beneficiaries}
        loading={<Skeleton height={96} radius="md" />}
        errorText={t("wallets.withdraw.beneficiariesError")}
        emptyText={t("wallets.withdraw.noBeneficiaries")}
        isEmpty={list.length === 0}
      />
      {list.length > 0 ? (
        <Radio.Group
          label={t("wallets.withdraw.beneficiary")}
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => {
            const recipient = list.find((candidate) => candidate.id === Number(value));
            if (recipient)
              store.getState().beneficiaryChosen({
                id: recipient.id,
                name: recipient.name,
                currency_id: recipient.currency_id,
              });
          }}
        >
          <Stack gap="xs" mt="xs">
            {list.map((recipient) => (
              <Radio
                key={recipient.id}
                value={String(recipient.id)}
                label={recipient.name}
                description={accountText(recipient)}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <div>
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAddNew}>
          {t("wallets.withdraw.addAccount")}
        </Button>
      </div>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t("sendFlow.back")}
        </Button>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={!chosen}
          onClick={onContinue}
        >
          {t("sendFlow.continue")}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * VERIFY, spec §4's extra confirmation before money leaves: the withdrawal once more, a code sent
 * by e-mail (the outbox), and the transaction placed with that code. A wrong or expired code is
 * refused by the server and the code can be asked again.
 */
export const WithdrawVerifyStep = ({
  store,
  quotation,
  methodName,
  onConfirmed,
  onBack,
}: {
  store: WalletFlowStore;
  quotation: Quotation;
  methodName: string | null;
  onConfirmed: (record: ConfirmationRecord) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const rows = useQuotationRows(quotation, t("wallets.flows.withdraw.receive"));
  const [codeError, setCodeError] = useState<string | null>(null);
  // "Send again" opens when the server says (its `seconds`).
  const [resendAtMs, setResendAtMs] = useState<number | null>(null);
  const sendCode = useMutation({
    mutationFn: () => sendWithdrawCode(quotation.id),
    onSuccess: (sent) => {
      store.getState().codeSent(sent.destination);
      setResendAtMs(Date.now() + sent.seconds * 1000);
    },
  });

  const verify = async (code: string) => {
    setCodeError(null);
    try {
      const record = await createWalletTransaction(
        "withdraw-money",
        { quotation_id: quotation.id, code },
        store.getState().ensureTransactionKey(),
      );
      onConfirmed(record);
    } catch (error) {
      // A refused code (even the 429 of the last wrong try) is the key's stored answer: the next
      // code goes with a new key.
      const codeRefused = isApiError(error) && error.errors?.code?.[0];
      if (isFinalAnswer(error) || codeRefused) store.getState().forgetTransactionKey();
      if (codeRefused) setCodeError(codeRefused);
      notifyApiError(error);
    }
  };

  return (
    <Stack gap="lg">
      <StepHeading title={t("wallets.withdraw.verifyTitle")} text={t("wallets.withdraw.verifyText")} />
      <SummaryList label={t("wallets.summary.price")} rows={rows} />
      <Divider />
      <SummaryList
        label={t("wallets.summary.details")}
        rows={[
          [t("wallets.withdraw.beneficiary"), state.recipient_name ?? "—"],
          [t("wallets.withdraw.method"), methodName ?? "—"],
        ]}
      />
      <Alert color="blue" variant="light">
        {t("wallets.withdraw.holdNotice", {
          amount: moneyText(quotation.amount_paid, quotation.currency_from_iso, locale),
        })}
      </Alert>
      {state.codeSentTo ? (
        <Stack gap="sm" maw={420}>
          <Text size="sm">{t("wallets.withdraw.codeSent", { to: state.codeSentTo })}</Text>
          {codeError ? (
            <Alert color="red" variant="light" role="alert">
              {codeError}
            </Alert>
          ) : null}
          <CodeEntryForm
            label={t("wallets.withdraw.codeForm")}
            submitLabel={t("wallets.flows.withdraw.confirm", {
              amount: moneyText(quotation.amount_paid, quotation.currency_from_iso, locale),
            })}
            resendAtMs={resendAtMs}
            onVerify={verify}
            onResend={async () => {
              await sendCode.mutateAsync().catch(() => undefined);
            }}
          />
        </Stack>
      ) : (
        <div>
          <Button
            leftSection={<IconMailForward size={18} aria-hidden />}
            loading={sendCode.isPending}
            onClick={() => sendCode.mutate()}
          >
            {t("wallets.withdraw.sendCode")}
          </Button>
        </div>
      )}
      <Group justify="flex-start">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t("sendFlow.back")}
        </Button>
      </Group>
    </Stack>
  );
};
