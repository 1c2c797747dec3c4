import { Button, Card, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconReceipt, IconSend } from "@tabler/icons-react";
import { ORDER_STATUSES, type OrderStatus } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FilterSelect } from "@/shared/ui/filter-select";
import { serviceLabel } from "@/shared/ui/order-service-label";
import { PageHeader } from "@/shared/ui/page-header";
import { PagedListBody, PagedListFooter } from "@/shared/ui/paged-list";
import { type SelectOption, useOrderSelect } from "../api/get-order-selects";
import { type OrderFilters, useOrders } from "../api/get-orders";
import classes from "../components/history.module.css";
import { OrderRow } from "../components/order-row";

const isStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The filters live in the address, so the back button from an order's details returns to the same page. */
const filtersOf = (search: URLSearchParams): OrderFilters => {
  const status = search.get("status") ?? "";
  return {
    page: Math.max(1, Math.floor(Number(search.get("page"))) || 1),
    service: search.get("service") ?? "",
    status: isStatus(status) ? status : "",
  };
};

/**
 * `/account/history`: the user's orders (spec §2 order history; §7 GET /orders), 10 a page, with
 * the service and status filters of the selects. Each row opens `/account/history/:id`.
 */
export const HistoryRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("history.title")} · Vela`);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const orders = useOrders(filters);
  const services = useOrderSelect("services");
  const statuses = useOrderSelect("statuses");

  const update = (changes: Partial<OrderFilters>) => {
    const next = { ...filters, ...changes };
    const params: Record<string, string> = {};
    if (next.page > 1) params.page = String(next.page);
    if (next.service) params.service = next.service;
    if (next.status) params.status = next.status;
    setSearch(params);
  };
  const options = (items: SelectOption[] | undefined, label: (item: SelectOption) => string) =>
    (items ?? []).map((item) => ({ value: item.id, label: label(item) }));

  const pageData = orders.data;
  const filtered = filters.service !== "" || filters.status !== "";

  return (
    <Stack gap="lg" maw={980}>
      <PageHeader title={t("history.title")} text={t("history.text")}>
        <Button component={Link} to="/account/send-money" leftSection={<IconSend size={18} aria-hidden />}>
          {t("history.list.sendMoney")}
        </Button>
      </PageHeader>

      <search className={classes.filters}>
        <FilterSelect
          label={t("history.filters.service")}
          allLabel={t("history.filters.allServices")}
          options={options(services.data, (item) => serviceLabel(t, item.id, item.name))}
          value={filters.service}
          onChange={(service) => update({ service, page: 1 })}
        />
        <FilterSelect
          label={t("history.filters.status")}
          allLabel={t("history.filters.allStatuses")}
          options={options(statuses.data, (item) =>
            isStatus(item.id) ? t(`history.statuses.${item.id}`) : item.name,
          )}
          value={filters.status}
          onChange={(status) => update({ status: isStatus(status) ? status : "", page: 1 })}
        />
      </search>

      <Card withBorder padding={0} radius="lg" aria-busy={orders.isFetching}>
        <PagedListBody
          query={orders}
          loadErrorText={t("history.list.loadError")}
          empty={{
            icon: IconReceipt,
            title: filtered ? t("history.list.noMatches") : t("history.list.emptyTitle"),
            text: filtered ? t("history.list.noMatchesText") : t("history.list.emptyText"),
          }}
          label={t("history.list.label")}
        >
          {(order) => <OrderRow key={order.id} order={order} />}
        </PagedListBody>
      </Card>

      {pageData && pageData.total > 0 ? (
        <PagedListFooter
          page={pageData}
          totalText={t("history.list.total", { count: pageData.total })}
          onPageChange={(page) => update({ page })}
        />
      ) : null}
    </Stack>
  );
};
