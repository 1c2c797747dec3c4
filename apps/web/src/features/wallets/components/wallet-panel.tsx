import { Button, Card, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconPlus,
  IconQrcode,
  IconSend,
  IconWalletOff,
} from "@tabler/icons-react";
import { compareAmounts } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import { type MouseEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { FlagImage } from "@/shared/ui/flag-image";
import type { Wallet } from "../api/types";
import { CloseWalletModal } from "./close-wallet-modal";
import { SharesModal } from "./shares-modal";
import classes from "./wallets.module.css";

/** Where each service starts, with the wallet's currency chosen. */
export const walletServiceLinks = (wallet: Wallet) => {
  const currency = wallet.currency.id;
  return {
    deposit: `/account/wallets/deposit/amount?currency_to_id=${currency}`,
    convert: `/account/wallets/convert/amount?currency_from_id=${currency}`,
    send: `/account/wallets/send/recipient?currency_from_id=${currency}`,
    withdraw: `/account/wallets/withdraw/method?currency_from_id=${currency}`,
  };
};

/** A link styled as a button that cannot be followed while there is nothing to spend (Mantine's way). */
const disabledLink = (isDisabled: boolean) =>
  isDisabled
    ? {
        "data-disabled": true,
        "aria-disabled": true,
        onClick: (event: MouseEvent) => event.preventDefault(),
      }
    : {};

/**
 * Why a wallet cannot be closed yet, or null when it can: the server closes only an empty wallet
 * (it also refuses one with an order in flight, which only it knows; its message then says so).
 */
const closeBlocker = (wallet: Wallet) => {
  if (compareAmounts(wallet.on_hold, "0") !== 0)
    return { key: "wallets.close.blockedHold", amount: wallet.on_hold } as const;
  if (compareAmounts(wallet.balance, "0") !== 0)
    return { key: "wallets.close.blockedBalance", amount: wallet.balance } as const;
  return null;
};

/**
 * The chosen wallet: its currency and flag, balance, available and on hold, the service buttons
 * (deposit, convert, send, withdraw), its shares, and closing it once it is empty.
 */
export const WalletPanel = ({ wallet, onClosed }: { wallet: Wallet; onClosed?: () => void }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [isSharing, setIsSharing] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  const blockerId = useId();
  const iso = wallet.currency.iso;
  const links = walletServiceLinks(wallet);
  const isEmpty = compareAmounts(wallet.available, "0") <= 0;
  const reason = closeBlocker(wallet);
  const blocker = reason ? t(reason.key, { amount: moneyText(reason.amount, iso, locale) }) : null;
  // Not `disabled` while it cannot close (Mantine's way): a disabled button gets no hover or focus,
  // so the tooltip that says why could not show; aria-disabled and the description tell the rest.
  const closeButton = (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconWalletOff size={16} aria-hidden />}
      {...(blocker ? { "data-disabled": true, "aria-disabled": true, "aria-describedby": blockerId } : {})}
      onClick={() => {
        if (!blocker) setIsClosing(true);
      }}
    >
      {t("wallets.close.action")}
    </Button>
  );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              {wallet.currency.flag_currency ? (
                <FlagImage url={wallet.currency.flag_currency} size={20} />
              ) : null}
              <Title order={2} size="h4">
                {t("wallets.panel.title", { currency: iso })}
              </Title>
            </Group>
            <Text className={classes.bigBalance}>{moneyText(wallet.balance, iso, locale)}</Text>
            <Group gap="lg">
              <Text size="sm">
                <Text span c="dimmed">
                  {t("wallets.panel.available")}
                </Text>{" "}
                <Text span fw={650}>
                  {moneyText(wallet.available, iso, locale)}
                </Text>
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  {t("wallets.panel.onHold")}
                </Text>{" "}
                <Text span fw={650}>
                  {moneyText(wallet.on_hold, iso, locale)}
                </Text>
              </Text>
            </Group>
          </Stack>
          <Text size="sm" c="dimmed" className={classes.shareValue}>
            {wallet.public_id}
          </Text>
        </Group>
        <div className={classes.actions}>
          <Button component={Link} to={links.deposit} leftSection={<IconPlus size={18} aria-hidden />}>
            {t("wallets.actions.deposit")}
          </Button>
          <Button
            component={Link}
            to={links.convert}
            variant="light"
            leftSection={<IconArrowsExchange size={18} aria-hidden />}
            {...disabledLink(isEmpty)}
          >
            {t("wallets.actions.convert")}
          </Button>
          <Button
            component={Link}
            to={links.send}
            variant="light"
            leftSection={<IconSend size={18} aria-hidden />}
            {...disabledLink(isEmpty)}
          >
            {t("wallets.actions.send")}
          </Button>
          <Button
            component={Link}
            to={links.withdraw}
            variant="light"
            leftSection={<IconBuildingBank size={18} aria-hidden />}
            {...disabledLink(isEmpty)}
          >
            {t("wallets.actions.withdraw")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconQrcode size={18} aria-hidden />}
            onClick={() => setIsSharing(true)}
          >
            {t("wallets.actions.share")}
          </Button>
        </div>
        <Group justify="flex-end">
          {blocker ? (
            <Tooltip label={blocker} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
              {closeButton}
            </Tooltip>
          ) : (
            closeButton
          )}
          {blocker ? <VisuallyHidden id={blockerId}>{blocker}</VisuallyHidden> : null}
        </Group>
      </Stack>
      <SharesModal
        walletId={wallet.id}
        currencyIso={iso}
        opened={isSharing}
        onClose={() => setIsSharing(false)}
      />
      <CloseWalletModal
        key={wallet.id}
        wallet={wallet}
        opened={isClosing}
        onClose={() => setIsClosing(false)}
        onClosed={() => {
          setIsClosing(false);
          onClosed?.();
        }}
      />
    </Card>
  );
};
