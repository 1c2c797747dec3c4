import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/shared/api/api-error";
import { notifySuccess } from "@/shared/api/notify";
import { ResponsiveModal } from "@/shared/ui/responsive-modal";
import { closeWallet } from "../api/close-wallet";
import { WALLETS_QUERY_KEY } from "../api/get-wallets";
import type { Wallet } from "../api/types";

/**
 * "Close wallet": asks for confirmation, then POST /wallets/{id}/close. A refusal (money arrived
 * meanwhile, an order still in flight) is shown here in the server's words, and the wallets are
 * loaded again either way, so the panel shows what the server knows now.
 */
export const CloseWalletModal = ({
  wallet,
  opened,
  onClose,
  onClosed,
}: {
  wallet: Wallet;
  opened: boolean;
  onClose: () => void;
  onClosed: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // One key per attempt: a refused close is that key's stored answer, so a new try takes a new key.
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const iso = wallet.currency.iso;
  const close = useMutation({
    mutationFn: () => closeWallet(wallet.id, attemptKey),
    meta: { notifyOnError: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message ?? t("wallets.close.closed", { currency: iso }));
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      onClosed();
    },
    onError: async () => {
      setAttemptKey(crypto.randomUUID());
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
    },
  });
  const refusal =
    close.error instanceof ApiError && close.error.serverMessage
      ? close.error.serverMessage
      : close.isError
        ? t("wallets.close.error")
        : null;
  const dismiss = () => {
    close.reset();
    onClose();
  };

  return (
    <ResponsiveModal opened={opened} onClose={dismiss} title={t("wallets.close.title", { currency: iso })}>
      <Stack gap="md">
        <Text size="sm">{t("wallets.close.text", { currency: iso, id: wallet.public_id })}</Text>
        <Text size="sm" c="dimmed">
          {t("wallets.close.after", { currency: iso })}
        </Text>
        {refusal ? (
          <Alert color="red" variant="light" role="alert" title={t("wallets.close.refused")}>
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={dismiss}>
            {t("wallets.close.cancel")}
          </Button>
          <Button color="red" loading={close.isPending} onClick={() => close.mutate()}>
            {t("wallets.close.submit")}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
};
