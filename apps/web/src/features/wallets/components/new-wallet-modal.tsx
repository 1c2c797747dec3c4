import { Button, Group, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { FlagImage } from "@/shared/ui/flag-image";
import { QueryNotices } from "@/shared/ui/query-notices";
import { ResponsiveModal, usePhoneScreen } from "@/shared/ui/responsive-modal";
import { WALLETS_QUERY_KEY } from "../api/get-wallets";
import { openWallet, useNewWalletCurrencies } from "../api/new-wallet";
import type { Wallet } from "../api/types";

/**
 * "Open a wallet": the currencies the user has no wallet in yet (GET new-wallet/currencies), one
 * to choose, then POST new-wallet. A second wallet in a currency is refused by the server; its
 * message is shown like any failure (spec §8).
 */
export const NewWalletModal = ({
  opened,
  onClose,
  onOpened,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened: (wallet: Wallet) => void;
}) => {
  const { t } = useTranslation();
  const isPhone = usePhoneScreen();
  const queryClient = useQueryClient();
  const currencies = useNewWalletCurrencies(opened);
  const [chosen, setChosen] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: (currencyId: number) => openWallet(currencyId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message ?? t("wallets.new.opened", { currency: answer.data.currency.iso }));
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      setChosen(null);
      onOpened(answer.data);
      onClose();
    },
  });
  const list = currencies.data ?? [];

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t("wallets.new.title")}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t("wallets.new.text")}
        </Text>
        <QueryNotices
          query={currencies}
          loading={
            <Stack gap="xs" aria-busy>
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={36} />
            </Stack>
          }
          errorText={t("wallets.new.loadError")}
          emptyText={t("wallets.new.none")}
          isEmpty={list.length === 0}
        />
        {list.length > 0 ? (
          <Radio.Group label={t("wallets.new.currency")} value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs" mah={isPhone ? undefined : 320} style={{ overflowY: "auto" }}>
              {list.map((currency) => (
                <Radio
                  key={currency.id}
                  value={String(currency.id)}
                  label={
                    <Group gap={8} wrap="nowrap">
                      {currency.flag_currency ? <FlagImage url={currency.flag_currency} size={14} /> : null}
                      <span>
                        {currency.iso} · {currency.name}
                      </span>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("wallets.new.cancel")}
          </Button>
          <Button
            disabled={chosen === null}
            loading={open.isPending}
            onClick={() => {
              if (chosen !== null) open.mutate(Number(chosen));
            }}
          >
            {t("wallets.new.submit")}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
};
