import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import type { RequestMeta } from "@/shared/api/query-client";
import { AmountRefusal } from "@/shared/ui/amount-refusal";
import type { FlowActions } from "./flow-store";

/** A failure that is the answer to this attempt (not a lost connection): the next try is a new attempt. */
export const isFinalAnswer = (error: unknown) =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 409 &&
  error.status !== 429;

/** The part of a flow's store that keeps the transaction attempt's Idempotency-Key. */
export type TransactionKeyStore = {
  getState: () => Pick<FlowActions, "ensureTransactionKey" | "forgetTransactionKey">;
};

/**
 * The review's transaction: placed with the attempt's Idempotency-Key, made once and kept in the
 * flow's store across a double click, a retry after a lost answer and a reload, so the money moves
 * once; a final refusal forgets the key, so the next try is a new attempt.
 */
export const useFlowTransaction = <Record,>({
  store,
  place,
  onSuccess,
  meta,
}: {
  store: TransactionKeyStore;
  place: (idempotencyKey: string) => Promise<Record>;
  onSuccess: (record: Record) => unknown;
  meta?: RequestMeta;
}) =>
  useMutation({
    mutationFn: () => place(store.getState().ensureTransactionKey()),
    meta,
    onSuccess,
    onError: (error) => {
      if (isFinalAnswer(error)) store.getState().forgetTransactionKey();
      notifyApiError(error);
    },
  });

/** A step's heading: its title and a line on what it does. */
export const StepHeading = ({ title, text }: { title: string; text: string }) => (
  <div>
    <Title order={2} size="h3">
      {title}
    </Title>
    <Text c="dimmed" mt={4}>
      {text}
    </Text>
  </div>
);

/**
 * SEND, the review of every flow: its heading, what is about to happen (the children), then Back
 * and the confirm button that places the transaction once (a second click while it runs does not).
 */
export const ReviewShell = ({
  title,
  text,
  backLabel,
  onBack,
  confirmLabel,
  confirmIcon = <IconCheck size={18} aria-hidden />,
  transaction,
  buttonGap,
  children,
}: {
  title: string;
  text: string;
  backLabel: string;
  onBack: () => void;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  /** Its `error` when refused past the person's limits (checked again at the transaction) is said here. */
  transaction: { isPending: boolean; mutate: () => void; error?: unknown };
  /** The space between the two buttons once they wrap. */
  buttonGap?: "sm" | "md";
  children: ReactNode;
}) => (
  <Stack gap="lg">
    <StepHeading title={title} text={text} />
    {children}
    <AmountRefusal error={transaction.error} />
    <Group justify="space-between" wrap="wrap" gap={buttonGap}>
      <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
        {backLabel}
      </Button>
      <Button
        rightSection={confirmIcon}
        loading={transaction.isPending}
        onClick={() => {
          if (!transaction.isPending) transaction.mutate();
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  </Stack>
);
