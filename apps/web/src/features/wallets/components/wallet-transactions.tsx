import {
  ActionIcon,
  Button,
  Card,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconDownload, IconReceipt } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { dateText } from "@vela/shared/dates";
import { moneyText } from "@vela/shared/money";
import { ORDER_STATUSES, type OrderStatus } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { useLanguage } from "@/shared/i18n/use-language";
import { FilterSelect } from "@/shared/ui/filter-select";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { PagedListBody, PagedListFooter } from "@/shared/ui/paged-list";
import { useWalletSelect } from "../api/get-wallet-selects";
import { useWalletTransactions, type WalletTransactionFilters } from "../api/get-wallet-transactions";
import type { WalletTransaction } from "../api/types";
import classes from "./wallets.module.css";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The filters live in the address, so the back button from an order's details returns to the same page. */
export const transactionFiltersOf = (search: URLSearchParams): WalletTransactionFilters => {
  const day = (key: string) => {
    const value = search.get(key) ?? "";
    return DAY.test(value) ? value : "";
  };
  return {
    page: Math.max(1, Math.floor(Number(search.get("page"))) || 1),
    service: search.get("service") ?? "",
    status: search.get("status") ?? "",
    date_from: day("date_from"),
    date_to: day("date_to"),
  };
};

const TransactionRow = ({ transaction }: { transaction: WalletTransaction }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const receipt = useMutation({
    mutationFn: () => downloadReceipt(transaction.id),
    meta: { errorFallback: t("wallets.transactions.receiptError") },
  });
  const sign = transaction.direction === "in" ? "+" : "−";
  const isRefund = transaction.movement === "refund";
  // A refund row names the order whose money it returned: "Refund: Wallet withdrawal to Ana".
  const towards = isRefund ? "out" : transaction.direction;
  const named = transaction.counterparty
    ? t(towards === "in" ? "wallets.transactions.from" : "wallets.transactions.to", {
        service: transaction.service_name,
        name: transaction.counterparty,
      })
    : transaction.service_name;
  const who = isRefund ? t("wallets.transactions.refundOf", { what: named }) : named;
  // Only money that moved is shown as moved: a deposit still waiting (or in review) is dimmed, and
  // an order whose money never moved is struck through.
  const isPosted = transaction.effect === "posted";
  const effectText =
    transaction.effect === "pending"
      ? t("wallets.transactions.effect.pending")
      : t("wallets.transactions.effect.none");
  const what = (
    <>
      <Text fw={650} truncate className={classes.who}>
        {who}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {transaction.ref} ·{" "}
        <time dateTime={transaction.created_at}>{dateText(transaction.created_at, locale)}</time>
      </Text>
    </>
  );
  return (
    <li>
      <div className={classes.rowInner}>
        {/* Money another user sent is their order: it has no details or receipt here. */}
        {transaction.is_own ? (
          <Link
            to={`/account/history/${transaction.id}`}
            className={classes.rowLink}
            aria-label={t("wallets.transactions.open", { ref: transaction.ref, what: who })}
          >
            {what}
          </Link>
        ) : (
          <div className={classes.rowLink}>{what}</div>
        )}
        <div className={classes.rowStatus}>
          <OrderStatusBadge status={transaction.status} inReview={transaction.in_review} />
        </div>
        <Text
          className={classes.rowAmount}
          fw={isPosted ? 700 : 500}
          c={isPosted ? (transaction.direction === "in" ? "teal.9" : undefined) : "dimmed"}
          td={transaction.effect === "none" ? "line-through" : undefined}
          title={isPosted ? undefined : effectText}
        >
          {sign}
          {moneyText(transaction.amount, transaction.currency_iso, locale)}
          {isPosted ? null : <VisuallyHidden> ({effectText})</VisuallyHidden>}
        </Text>
        {transaction.is_own ? (
          <Tooltip label={t("wallets.transactions.receipt")} withArrow>
            <ActionIcon
              className={classes.rowReceipt}
              variant="subtle"
              color="gray"
              loading={receipt.isPending}
              onClick={() => receipt.mutate()}
              aria-label={t("wallets.transactions.receiptFor", { ref: transaction.ref })}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </div>
    </li>
  );
};

/**
 * The wallet's transactions (spec §2: the list with its service buttons and status filter; §7 by
 * wallet id with filters and paging; §9 10 a page). Services and statuses come from the server's
 * selects; each row opens the order's details and downloads its receipt.
 */
export const WalletTransactions = ({
  walletId,
  filters,
  onFiltersChange,
}: {
  walletId: number;
  filters: WalletTransactionFilters;
  onFiltersChange: (filters: WalletTransactionFilters) => void;
}) => {
  const { t } = useTranslation();
  const transactions = useWalletTransactions(walletId, filters);
  const services = useWalletSelect("services");
  const statuses = useWalletSelect("statuses");
  const update = (changes: Partial<WalletTransactionFilters>) =>
    onFiltersChange({ ...filters, page: 1, ...changes });
  const pageData = transactions.data;
  const isFiltered =
    filters.service !== "" || filters.status !== "" || filters.date_from !== "" || filters.date_to !== "";

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack gap="md" p="lg" pb="md">
        <Title order={2} size="h4">
          {t("wallets.transactions.title")}
        </Title>
        <fieldset className={classes.services} aria-label={t("wallets.transactions.services")}>
          {[{ id: "", name: t("wallets.transactions.allServices") }, ...(services.data ?? [])].map(
            (service) => (
              <Button
                key={service.id || "all"}
                size="compact-sm"
                radius="xl"
                variant={filters.service === service.id ? "filled" : "default"}
                aria-pressed={filters.service === service.id}
                onClick={() => update({ service: service.id })}
              >
                {service.name}
              </Button>
            ),
          )}
        </fieldset>
        <search className={classes.filters}>
          <FilterSelect
            label={t("wallets.transactions.status")}
            allLabel={t("wallets.transactions.allStatuses")}
            options={(statuses.data ?? []).map((status) => ({
              value: status.id,
              label: isStatus(status.id) ? t(`history.statuses.${status.id}`) : status.name,
            }))}
            value={filters.status}
            onChange={(status) => update({ status })}
          />
          <TextInput
            type="date"
            label={t("wallets.transactions.dateFrom")}
            value={filters.date_from}
            max={filters.date_to || undefined}
            onChange={(event) => update({ date_from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t("wallets.transactions.dateTo")}
            value={filters.date_to}
            min={filters.date_from || undefined}
            onChange={(event) => update({ date_to: event.currentTarget.value })}
          />
        </search>
      </Stack>
      <div aria-busy={transactions.isFetching} style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
        <PagedListBody
          query={transactions}
          loadErrorText={t("wallets.transactions.loadError")}
          empty={{
            icon: IconReceipt,
            title: isFiltered ? t("wallets.transactions.noMatches") : t("wallets.transactions.emptyTitle"),
            text: isFiltered ? t("wallets.transactions.noMatchesText") : t("wallets.transactions.emptyText"),
          }}
          label={t("wallets.transactions.title")}
        >
          {(transaction) => (
            <TransactionRow key={`${transaction.movement}-${transaction.id}`} transaction={transaction} />
          )}
        </PagedListBody>
      </div>
      {pageData && pageData.total > 0 ? (
        <PagedListFooter
          page={pageData}
          totalText={t("wallets.transactions.total", { count: pageData.total })}
          onPageChange={(page) => onFiltersChange({ ...filters, page })}
          p="lg"
          style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
        />
      ) : null}
    </Card>
  );
};
