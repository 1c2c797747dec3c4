import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Radio,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconArrowLeft,
  IconBuildingBank,
  IconCreditCard,
  IconExternalLink,
  IconTransfer,
} from "@tabler/icons-react";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import {
  PAYMENT_MESSAGES,
  type Payment,
  type PaymentMethodOffer,
  type PaymentSubMethod,
  type PaymentUrl,
} from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { useCountries } from "@/shared/api/reference/get-countries";
import { useLanguage } from "@/shared/i18n/use-language";
import {
  authorizeCard,
  type BankAccountForm,
  debitBankAccount,
  type GatewayName,
  getPayment,
  startBankTransfer,
  startGatewayPayment,
} from "../api/pay";
import { setPaymentMethod, usePaymentMethods } from "../api/payment-methods";
import { savedBanksQueryOptions, savedCardsQueryOptions } from "../api/saved-instruments";
import { type PaymentTab, usePaymentStore } from "../stores/payment-store";
import { BankForm } from "./bank-form";
import { CardForm } from "./card-form";
import { MethodChoices } from "./method-option";
import { PaidPanel } from "./paid-panel";

/** Which tab pays with which follow-up call. */
const TAB_OF_URL: Partial<Record<PaymentUrl, PaymentTab>> = {
  "debit-bank-account": "1",
  "bank-transfer": "2",
  "authorize-credit-card": "3",
};
/** The payment view's tabs, in their order. */
const TABS = [
  { tab: "1", icon: IconBuildingBank, label: "payment.tabs.bank" },
  { tab: "2", icon: IconTransfer, label: "payment.tabs.transfer" },
  { tab: "3", icon: IconCreditCard, label: "payment.tabs.card" },
] as const satisfies readonly { tab: PaymentTab; icon: unknown; label: string }[];
const GATEWAYS: readonly PaymentUrl[] = ["praxis", "d24", "paypal"];
const isGateway = (url: PaymentUrl | null): url is GatewayName => url !== null && GATEWAYS.includes(url);

/**
 * Where a tab's kind of payment is offered: a method that pays that way itself, or a method with
 * an intermediate step that has a sub-method paying that way (ACH and the push transfers are
 * sub-methods of bank transfer).
 */
const offerOfTab = (
  offers: readonly PaymentMethodOffer[],
  tab: PaymentTab,
): { method: PaymentMethodOffer; sub: PaymentSubMethod | null } | null => {
  for (const method of offers) {
    if (method.url && TAB_OF_URL[method.url] === tab) return { method, sub: null };
    const sub = method.sub_methods.find((candidate) => TAB_OF_URL[candidate.url] === tab);
    if (sub) return { method, sub };
  }
  return null;
};

/** A payment that the transaction can be placed with (spec: authorized card, pending ACH or push). */
const isUsable = (payment: Payment) =>
  payment.status === "authorized" || payment.status === "succeeded" || payment.status === "pending";

/**
 * Why the step could not go on. `needsNewQuotation`: the API refused with 409, the quotation can no
 * longer change or be paid (already paid, used or expired), so the way out is a new one.
 */
type Failure = { message: string; needsNewQuotation: boolean };
const failureOf = (message: string, needsNewQuotation = false): Failure => ({ message, needsNewQuotation });
/** A refusal the step shows itself: a message without field errors (a decline, a 409, a 422). */
const refusalOf = (error: unknown): Failure | null =>
  isApiError(error) && error.serverMessage && !error.errors
    ? failureOf(error.serverMessage, error.status === 409)
    : null;

/** A fee as the payment state keeps it (spec §3: "0.00 USD" before a method is chosen). */
const feeState = (fee: string, currency: string) => `${fee} ${currency}`;

export type PaymentStepProps = {
  quotation: Quotation;
  /** The sender's id: saved cards and banks are listed per sender (spec §7 payments/profiles). */
  senderId: number | null;
  /** Where 3-D Secure and the hosted gateways send the browser back to (it adds ?payment_id=). */
  returnUrl: string;
  /** The payment the browser came back with, or null. */
  returnedPaymentId: number | null;
  /** The returned payment was read: the address can forget it. */
  onReturnHandled: () => void;
  /** PUT quotations/payment-method answered: the summary follows it (spec §4). */
  onQuotationChanged: (quotation: Quotation) => void;
  onPaid: (paymentId: number) => void;
  onBack: () => void;
  /**
   * "Start over with a new quotation": the flow begins again. Offered once the quotation has a
   * payment, whose method can then no longer change (issue 18: a paid quotation is frozen).
   */
  onStartOver: () => void;
  /**
   * The wallet method (url "wallet", payment_type_id 8) was chosen: nothing is paid here, the
   * transaction takes the money from the wallet. Without it the wallet method cannot be used.
   */
  onWalletChosen?: () => void;
};

/**
 * The PAYMENT step (spec §2 payment flow): methods → subMethods (for a method with an intermediate
 * step) → payment; back returns to methods or subMethods. The payment view has tabs — bank
 * account ('1'), bank transfer ('2') and card ('3', the default) — with the saved instruments and
 * the card and bank forms. Hosted gateways and 3-D Secure leave the page and come back with
 * ?payment_id=. Once the quotation has a usable payment (the store keeps its id per quotation), the
 * step shows that payment as done instead, with Continue and a way to start over: the API refuses
 * any change to a paid quotation.
 */
export const PaymentStep = (props: PaymentStepProps) => {
  const { quotation, returnedPaymentId, onReturnHandled, onPaid } = props;
  const { t } = useTranslation();
  const locale = useLanguage();
  const store = usePaymentStore();
  const { forQuotation, paymentMade } = store;
  const methods = usePaymentMethods(quotation.id);
  const countries = useCountries();
  // Three tab labels fit a phone's width without their icons.
  const isNarrow = useMediaQuery("(max-width: 30em)");
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => forQuotation(quotation.id), [forQuotation, quotation.id]);

  // Back from 3-D Secure or a hosted gateway: read the payment, waiting while the provider decides.
  const returned = useQuery({
    queryKey: ["payments", "payment", returnedPaymentId],
    queryFn: ({ signal }) => getPayment(returnedPaymentId as number, signal),
    enabled: returnedPaymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === "requires_action" ? 1500 : false),
  });
  const handledReturn = useRef<number | null>(null);
  useEffect(() => {
    const payment = returned.data;
    if (!payment || payment.status === "requires_action" || handledReturn.current === payment.id) return;
    handledReturn.current = payment.id;
    onReturnHandled();
    if (isUsable(payment)) {
      paymentMade(payment.id);
      onPaid(payment.id);
    } else {
      setFailure(failureOf(payment.failure_message ?? t("payment.failed")));
    }
  }, [returned.data, onReturnHandled, paymentMade, onPaid, t]);

  // The payment already made for this quotation (back from the review, a reload): it stands, and
  // the quotation cannot be paid again or another way. Same key as the flows' own payment query.
  const madeId = store.quotation_id === quotation.id ? store.payment_id : null;
  const made = useQuery({
    queryKey: ["payments", "payment", madeId],
    queryFn: ({ signal }) => getPayment(madeId as number, signal),
    enabled: madeId !== null && returnedPaymentId === null,
  });
  const madePayment = made.data && isUsable(made.data) ? made.data : null;

  const offers = methods.data ?? [];
  const offer = offers.find((candidate) => candidate.id === store.paymentMethodSelected) ?? null;
  const subMethod =
    offer?.sub_methods.find((candidate) => candidate.id === store.paymentSubMethodSelected) ?? null;
  const payUrl = subMethod?.url ?? offer?.url ?? null;
  const countryIso =
    countries.data?.find((country) => country.id === quotation.country_from_id)?.iso2 ?? "US";

  const choose = useMutation({
    mutationFn: ({ method, sub }: { method: PaymentMethodOffer; sub: PaymentSubMethod | null }) => {
      const url = sub?.url ?? method.url;
      if (!url) throw new Error("A method without an intermediate step has its url.");
      return setPaymentMethod(quotation.id, {
        payment_type_id: method.id,
        ...(sub ? { payment_sub_type_id: sub.id } : {}),
        url,
        payment_currency_id: method.payment_currency_id,
        country_iso: countryIso,
      });
    },
    // Spec §4: the summary becomes the answer, then the follow-up (here: on to the next view).
    onSuccess: (summary, { method, sub }) => {
      props.onQuotationChanged(summary);
      setFailure(null);
      const fees = feeState(summary.vela_fee_amount, summary.currency_from_iso);
      if (sub) {
        store.subMethodChosen({ methodId: method.id, id: sub.id, fees, tab: TAB_OF_URL[sub.url] ?? null });
      } else {
        store.methodChosen({
          id: method.id,
          fees,
          hasIntermediateStep: false,
          tab: method.url ? (TAB_OF_URL[method.url] ?? null) : null,
        });
      }
      if ((sub?.url ?? method.url) === "wallet") props.onWalletChosen?.();
    },
    // A refusal is shown once: on the step, with the way out when it is a 409, else as a notification.
    meta: { notifyOnError: false },
    onError: (error) => {
      const refusal = refusalOf(error);
      if (refusal?.needsNewQuotation) setFailure(refusal);
      else notifyApiError(error);
    },
  });

  const chooseMethod = (method: PaymentMethodOffer) => {
    if (method.intermediate_step) {
      setFailure(null);
      store.methodChosen({
        id: method.id,
        fees: feeState(method.fee, method.fee_currency),
        hasIntermediateStep: true,
        tab: null,
      });
      return;
    }
    choose.mutate({ method, sub: null });
  };

  const chooseTab = (tab: PaymentTab) => {
    if (tab === store.tab) return;
    const offered = offerOfTab(offers, tab);
    if (offered) choose.mutate(offered);
  };

  /** What a payment call answered: pay on, leave for 3-D Secure / a gateway, or say why it failed. */
  const paymentAnswered = (payment: Payment) => {
    if (payment.status === "requires_action" && payment.redirect_url) {
      window.location.assign(payment.redirect_url);
      return;
    }
    if (!isUsable(payment)) {
      setFailure(failureOf(payment.failure_message ?? t("payment.failed")));
      return;
    }
    setFailure(null);
    if (payment.instructions) {
      // The instructions stay on this step (the paid panel shows them) until the payer continues.
      queryClient.setQueryData(["payments", "payment", payment.id], payment);
      paymentMade(payment.id);
      return;
    }
    paymentMade(payment.id);
    onPaid(payment.id);
  };
  /** A refusal (402 card declined, 409 already paid, 422 expired quotation) is shown where the person is looking. */
  const paymentRefused = (error: unknown) => {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    setFailure(refusal);
  };
  /** Makes a payment call (each attempt its own idempotency key) and follows its answer. */
  const pay = async (call: (idempotencyKey: string) => Promise<Payment>) => {
    try {
      paymentAnswered(await call(crypto.randomUUID()));
    } catch (error) {
      paymentRefused(error);
    }
  };

  const back = () => {
    setFailure(null);
    if (store.view === "methods" || madePayment) props.onBack();
    else store.backView(Boolean(offer?.intermediate_step));
  };

  const amountText = moneyText(quotation.amount_paid, quotation.currency_from_iso, locale);
  // The fee the summary shows beside this step: the quotation's, re-priced as a method is chosen.
  const feesText = moneyText(quotation.vela_fee_amount, quotation.currency_from_iso, locale);
  let body: ReactNode;
  if (madePayment) {
    body = (
      <PaidPanel
        payment={madePayment}
        onContinue={() => onPaid(madePayment.id)}
        onStartOver={props.onStartOver}
      />
    );
  } else if (methods.isPending || returnedPaymentId !== null || (madeId !== null && made.isPending)) {
    body =
      returnedPaymentId !== null ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t("payment.checking")}</Text>
        </Group>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      );
  } else if (methods.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t("payment.methodsFailed")}
      </Alert>
    );
  } else if (store.view === "methods" || !offer) {
    body = (
      <MethodChoices
        title={t("payment.methodsTitle")}
        options={offers}
        emptyText={t("payment.noMethods")}
        selectedId={store.paymentMethodSelected}
        isDisabled={choose.isPending}
        onChoose={chooseMethod}
      />
    );
  } else if (store.view === "subMethods") {
    body = (
      <MethodChoices
        title={t("payment.subMethodsTitle", { method: offer.name })}
        options={offer.sub_methods}
        selectedId={store.paymentSubMethodSelected}
        isDisabled={choose.isPending}
        onChoose={(sub) => choose.mutate({ method: offer, sub })}
      />
    );
  } else if (isGateway(payUrl)) {
    body = (
      <GatewayPanel
        name={subMethod?.name ?? offer.name}
        onStart={() =>
          pay((key) =>
            startGatewayPayment(payUrl, { quotation_id: quotation.id, return_url: props.returnUrl }, key),
          )
        }
      />
    );
  } else if (payUrl && TAB_OF_URL[payUrl]) {
    const hasTab = (tab: PaymentTab) => offerOfTab(offers, tab) !== null;
    // Saved cards and banks are the sender's (spec §7 payments/profiles).
    const sender = props.senderId ? { sender_id: props.senderId } : {};
    body = (
      <Tabs
        value={store.tab}
        onChange={(value) => {
          if (value === "1" || value === "2" || value === "3") chooseTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List grow style={{ flexWrap: "nowrap" }}>
          {TABS.map(({ tab, icon: Icon, label }) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              disabled={!hasTab(tab)}
              leftSection={isNarrow ? undefined : <Icon size={16} aria-hidden />}
            >
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="3" pt="md">
          <CardPanel
            senderId={props.senderId}
            onPay={(source) =>
              pay((key) =>
                authorizeCard(
                  { quotation_id: quotation.id, return_url: props.returnUrl, ...sender, ...source },
                  key,
                ),
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="1" pt="md">
          <BankPanel
            senderId={props.senderId}
            amountText={amountText}
            onPay={(source) =>
              pay((key) => debitBankAccount({ quotation_id: quotation.id, ...sender, ...source }, key))
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="2" pt="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t("payment.transfer.intro", { method: subMethod?.name ?? offer.name })}</Text>
            <AsyncButton
              label={t("payment.transfer.start")}
              onClick={() =>
                pay((key) =>
                  startBankTransfer(
                    { quotation_id: quotation.id, method: subMethod?.slug ?? offer.slug },
                    key,
                  ),
                )
              }
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    );
  } else if (payUrl === "wallet" && props.onWalletChosen) {
    const onWallet = props.onWalletChosen;
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>{t("payment.wallet.text", { amount: amountText })}</Text>
        <Button onClick={onWallet}>{t("payment.wallet.continue")}</Button>
      </Stack>
    );
  } else {
    body = (
      <Alert color="gray" variant="light">
        {t("payment.unavailable")}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            {t("payment.title")}
          </Title>
          <Text c="dimmed" mt={4}>
            {t("payment.text", { amount: amountText })}
          </Text>
        </div>
        <Text fw={600} data-testid="payment-fees">
          {t("payment.fees", { fees: feesText })}
        </Text>
      </Group>
      {failure ? (
        <Alert color="red" variant="light" role="alert" title={t("payment.failedTitle")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure.message}</Text>
            {failure.needsNewQuotation ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                ta="left"
                // The brand's blue is too light on the red alert (axe color-contrast).
                c="red.9"
                underline="always"
                onClick={props.onStartOver}
              >
                {t("payment.paid.startOver")}
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {body}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={back}>
          {t("sendFlow.back")}
        </Button>
      </Group>
    </Stack>
  );
};

/** A button that shows it is working while its promise runs (and cannot be pressed twice). */
const AsyncButton = ({
  label,
  onClick,
  icon,
}: {
  label: string;
  onClick: () => Promise<void>;
  icon?: ReactNode;
}) => {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Button
      loading={isBusy}
      rightSection={icon}
      onClick={async () => {
        setIsBusy(true);
        try {
          await onClick();
        } catch (error) {
          notifyApiError(error);
        } finally {
          setIsBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
};

const GatewayPanel = ({ name, onStart }: { name: string; onStart: () => Promise<void> }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t("payment.gateway.text", { name })}</Text>
      <AsyncButton
        label={t("payment.gateway.start", { name })}
        icon={<IconExternalLink size={16} aria-hidden />}
        onClick={onStart}
      />
    </Stack>
  );
};

/**
 * A tab's saved instruments (cards, bank accounts) to pay with, or the form for a new one: the form
 * opens by itself when there are none or the list failed (spec §8: a failed load says so).
 */
const SavedOrNewPanel = <T extends { id: number }>({
  saved: query,
  failedMessage,
  selectedId,
  onSelect,
  savedLabel,
  newLabel,
  describe,
  payLabel,
  note,
  renderForm,
  onPaySaved,
}: {
  saved: UseQueryResult<T[]>;
  failedMessage: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  savedLabel: string;
  newLabel: string;
  describe: (item: T) => { label: string; description: string };
  payLabel: string;
  /** What pressing the button does with the money, said before it is pressed. */
  note?: string;
  /** The new-instrument form; `onCancel` goes back to the saved ones when there are any. */
  renderForm: (onCancel: (() => void) | undefined) => ReactNode;
  onPaySaved: (id: number) => Promise<void>;
}) => {
  const [isFormWanted, setIsFormWanted] = useState(false);
  useEffect(() => {
    if (query.isError) notifyApiError(null, failedMessage);
  }, [query.isError, failedMessage]);
  const saved = query.data ?? [];
  if (query.isPending) return <Skeleton height={120} radius="md" />;
  const noteText = note ? (
    <Text size="sm" c="dimmed">
      {note}
    </Text>
  ) : null;
  if (query.isError || saved.length === 0 || isFormWanted)
    return (
      <Stack gap="sm">
        {noteText}
        {renderForm(saved.length > 0 ? () => setIsFormWanted(false) : undefined)}
      </Stack>
    );
  const chosen = saved.find((item) => item.id === selectedId) ?? null;
  return (
    <Stack gap="md">
      {noteText}
      <Radio.Group
        label={savedLabel}
        value={chosen ? String(chosen.id) : null}
        onChange={(value) => onSelect(Number(value))}
      >
        <Stack gap="xs" mt="xs">
          {saved.map((item) => (
            <Radio key={item.id} value={String(item.id)} {...describe(item)} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setIsFormWanted(true)}>
          {newLabel}
        </Button>
        <AsyncButton
          label={payLabel}
          onClick={async () => {
            if (chosen) await onPaySaved(chosen.id);
          }}
        />
      </Group>
    </Stack>
  );
};

type CardSource =
  | { payment_profile_id: number }
  | { card_token: string; name_holder: string; save_card: boolean };

/**
 * Tab '3': the sender's saved cards, or a new card. Choosing one only authorizes (holds) the
 * amount; the card is charged by the next screen's confirmation, so the button says "continue".
 */
const CardPanel = ({
  senderId,
  onPay,
}: {
  senderId: number | null;
  onPay: (source: CardSource) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const cards = useQuery(savedCardsQueryOptions(senderId));
  const cardSelected = usePaymentStore((state) => state.cardSelected);
  const selectCard = usePaymentStore((state) => state.selectCard);
  const payLabel = t("payment.card.continue");
  return (
    <SavedOrNewPanel
      saved={cards}
      note={t("payment.card.holdNote")}
      failedMessage={PAYMENT_MESSAGES.cardsFailed}
      selectedId={cardSelected}
      onSelect={selectCard}
      savedLabel={t("payment.card.saved")}
      newLabel={t("payment.card.new")}
      describe={(card) => ({
        label: `${card.cardType} ${card.number} · ${card.name_holder}`,
        description: t("payment.card.expires", {
          month: String(card.exp_month).padStart(2, "0"),
          year: card.exp_year,
        }),
      })}
      payLabel={payLabel}
      renderForm={(onCancel) => (
        <CardForm
          submitLabel={payLabel}
          canSave
          onCancel={onCancel}
          onToken={(token, details) => onPay({ card_token: token.token, ...details })}
        />
      )}
      onPaySaved={(id) => onPay({ payment_profile_id: id })}
    />
  );
};

type BankSource = { bank_account_id: number } | { bank_account: BankAccountForm; save_bank: boolean };

/** Tab '1': the sender's saved bank accounts, or a new one, debited by ACH: the money is taken here. */
const BankPanel = ({
  senderId,
  amountText,
  onPay,
}: {
  senderId: number | null;
  amountText: string;
  onPay: (source: BankSource) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const banks = useQuery(savedBanksQueryOptions(senderId));
  const bankSelected = usePaymentStore((state) => state.bankSelected);
  const selectBank = usePaymentStore((state) => state.selectBank);
  const payLabel = t("payment.pay", { amount: amountText });
  return (
    <SavedOrNewPanel
      saved={banks}
      failedMessage={PAYMENT_MESSAGES.banksFailed}
      selectedId={bankSelected}
      onSelect={selectBank}
      savedLabel={t("payment.bank.saved")}
      newLabel={t("payment.bank.new")}
      describe={(bank) => ({
        label: `${bank.bankName} ${bank.accountNumber}`,
        description: `${bank.nameOnAccount} · ${t(`payment.bank.${bank.accountType}`)}`,
      })}
      payLabel={payLabel}
      renderForm={(onCancel) => (
        <BankForm
          submitLabel={payLabel}
          canSave
          onCancel={onCancel}
          onSubmit={(bank_account, { save_bank }) => onPay({ bank_account, save_bank })}
        />
      )}
      onPaySaved={(id) => onPay({ bank_account_id: id })}
    />
  );
};
