import { Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { compareAmounts } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { FlagImage } from "@/shared/ui/flag-image";
import type { Wallet } from "../api/types";
import classes from "./wallets.module.css";

/**
 * One balance of the dashboard: the currency with its flag, the ledger balance, and what of it is
 * available and on hold. Pressing it shows that wallet's details, chart and transactions.
 */
export const WalletCard = ({
  wallet,
  isSelected,
  onSelect,
}: {
  wallet: Wallet;
  isSelected: boolean;
  onSelect: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const iso = wallet.currency.iso;
  const hasHold = compareAmounts(wallet.on_hold, "0") !== 0;
  return (
    <UnstyledButton
      className={classes.walletCard}
      aria-pressed={isSelected}
      onClick={onSelect}
      aria-label={t("wallets.card.label", { currency: iso, balance: moneyText(wallet.balance, iso, locale) })}
    >
      <Group gap="xs" wrap="nowrap">
        {wallet.currency.flag_currency ? <FlagImage url={wallet.currency.flag_currency} size={18} /> : null}
        <Text fw={700}>{iso}</Text>
        <Text size="sm" c="dimmed" truncate>
          {wallet.currency.name}
        </Text>
      </Group>
      <Text className={classes.balance} data-testid={`balance-${iso}`}>
        {moneyText(wallet.balance, iso, locale)}
      </Text>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t("wallets.card.available", { amount: moneyText(wallet.available, iso, locale) })}
        </Text>
        {hasHold ? (
          <Text size="sm" c="dimmed">
            {t("wallets.card.onHold", { amount: moneyText(wallet.on_hold, iso, locale) })}
          </Text>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
};
