import { Alert, Button, Group, Skeleton, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconArrowRight, IconSearch, IconUserCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/shared/api/api-error";
import { StepHeading } from "@/shared/flow/review-shell";
import { useRecentRecipients, useSearchUser } from "../api/search-user";
import type { WalletUser } from "../api/types";
import classes from "./wallets.module.css";

const UserOption = ({
  user,
  isSelected,
  onChoose,
}: {
  user: WalletUser;
  isSelected: boolean;
  onChoose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.userOption}
      aria-pressed={isSelected}
      onClick={onChoose}
      aria-label={t("wallets.send.choose", { name: user.name, wallet: user.wallet_id })}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconUserCircle size={28} stroke={1.5} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Text fw={650} truncate>
            {user.name}
          </Text>
          <Text size="sm" c="dimmed" className={classes.shareValue}>
            {user.wallet_id} · {user.currencies.map((currency) => currency.iso).join(", ")}
          </Text>
        </div>
      </Group>
      <IconArrowRight size={18} aria-hidden />
    </UnstyledButton>
  );
};

/**
 * RECIPIENT of a wallet send: find another Vela user by their exact e-mail, phone or wallet id
 * (the answer names them only enough to recognise them), or pick one sent to lately.
 */
export const UserSearchStep = ({
  chosen,
  initialQuery = null,
  onChoose,
}: {
  chosen: WalletUser | null;
  /** A shared wallet link's wallet id: it is looked up at once. */
  initialQuery?: string | null;
  onChoose: (user: WalletUser) => void;
}) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(initialQuery ?? "");
  const [query, setQuery] = useState<string | null>(initialQuery);
  const found = useSearchUser(query);
  const recent = useRecentRecipients();
  const isNotFound = found.error instanceof ApiError && found.error.status === 404;
  const isTooShort = typed.trim().length < 3;

  return (
    <Stack gap="lg">
      <StepHeading title={t("wallets.send.searchTitle")} text={t("wallets.send.searchText")} />
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!isTooShort) setQuery(typed.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t("wallets.send.query")}
              placeholder={t("wallets.send.queryPlaceholder")}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            <Button
              type="submit"
              leftSection={<IconSearch size={18} aria-hidden />}
              disabled={isTooShort}
              loading={found.isFetching}
            >
              {t("wallets.send.search")}
            </Button>
          </Group>
        </form>
      </search>
      {found.data ? (
        <Stack gap="xs" aria-live="polite">
          <Text size="sm" fw={600}>
            {t("wallets.send.found")}
          </Text>
          <UserOption
            user={found.data}
            isSelected={chosen?.wallet_id === found.data.wallet_id}
            onChoose={() => onChoose(found.data)}
          />
        </Stack>
      ) : null}
      {isNotFound ? (
        <Alert color="gray" variant="light" role="status">
          {t("wallets.send.notFound")}
        </Alert>
      ) : null}
      {found.isError && !isNotFound ? (
        <Alert color="red" variant="light" role="alert">
          {t("wallets.send.searchError")}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t("wallets.send.recent")}
        </Text>
        {recent.isPending ? <Skeleton height={56} radius="md" /> : null}
        {recent.data && recent.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("wallets.send.noRecent")}
          </Text>
        ) : null}
        {recent.data?.map((user) => (
          <UserOption
            key={user.wallet_id}
            user={user}
            isSelected={chosen?.wallet_id === user.wallet_id}
            onChoose={() => onChoose(user)}
          />
        ))}
      </Stack>
    </Stack>
  );
};
