import { ActionIcon, Center, CopyButton, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QueryNotices } from "@/shared/ui/query-notices";
import { ResponsiveModal } from "@/shared/ui/responsive-modal";
import { useBalanceAndShares } from "../api/get-balance-and-shares";
import classes from "./wallets.module.css";

const CopyValue = ({ label, value }: { label: string; value: string }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text className={classes.shareValue} fw={600}>
          {value}
        </Text>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("wallets.shares.copied") : t("wallets.shares.copy")} withArrow>
              <ActionIcon
                variant={copied ? "filled" : "light"}
                color={copied ? "teal.9" : undefined}
                onClick={copy}
                aria-label={t("wallets.shares.copyLabel", { what: label })}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
};

/**
 * The wallet's `shares` (spec §3): the receiving details a user can give others — its public id,
 * a link and the link's QR code — so that they can send to it.
 */
export const SharesModal = ({
  walletId,
  currencyIso,
  opened,
  onClose,
}: {
  walletId: number;
  currencyIso: string;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const details = useBalanceAndShares(opened ? walletId : null);
  const shares = details.data?.shares;
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={t("wallets.shares.title", { currency: currencyIso })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("wallets.shares.text")}
        </Text>
        <QueryNotices
          query={details}
          loading={
            <Stack gap="sm" aria-busy>
              <Skeleton height={200} width={200} mx="auto" />
              <Skeleton height={40} />
              <Skeleton height={40} />
            </Stack>
          }
          errorText={t("wallets.shares.loadError")}
        />
        {shares ? (
          <>
            <Center>
              <img
                className={classes.qr}
                src={shares.qr_code}
                alt={t("wallets.shares.qrAlt", { link: shares.link })}
              />
            </Center>
            <CopyValue label={t("wallets.shares.walletId")} value={shares.wallet_id} />
            <CopyValue label={t("wallets.shares.link")} value={shares.link} />
          </>
        ) : null}
      </Stack>
    </ResponsiveModal>
  );
};
