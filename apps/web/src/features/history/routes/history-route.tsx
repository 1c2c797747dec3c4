import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconReceipt, IconSend } from "@tabler/icons-react";
import { ORDER_STATUSES, type OrderStatus } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { type SelectOption, useOrderSelect } from "../api/get-order-selects";
import { type OrderFilters, useOrders } from "../api/get-orders";
import classes from "../components/history.module.css";
import { OrderRow } from "../components/order-row";

/** The select's value for "no filter" (Mantine's Select cannot hold an empty value). */
const ALL = "all";

/** The services the SPA has words for; another service shows the server's name. */
const SERVICE_LABELS: Record<string, "history.services.consignments"> = {
  consignments: "history.services.consignments",
};

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

const ListSkeleton = () => (
  <Stack gap={0} role="status" aria-busy="true">
    {[0, 1, 2].map((index) => (
      <Group key={index} p="lg" justify="space-between" wrap="nowrap">
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="45%" radius="sm" />
          <Skeleton height={12} width="30%" radius="sm" />
        </Stack>
        <Skeleton height={14} width={90} radius="sm" />
      </Group>
    ))}
  </Stack>
);

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
  const options = (
    items: SelectOption[] | undefined,
    allLabel: string,
    label: (item: SelectOption) => string,
  ) => [
    { value: ALL, label: allLabel },
    ...(items ?? []).map((item) => ({ value: item.id, label: label(item) })),
  ];

  const pageData = orders.data;
  const filtered = filters.service !== "" || filters.status !== "";

  return (
    <Stack gap="lg" maw={980}>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t("history.title")}
          </Title>
          <Text c="dimmed" mt={6}>
            {t("history.text")}
          </Text>
        </div>
        <Button component={Link} to="/account/send-money" leftSection={<IconSend size={18} aria-hidden />}>
          {t("history.list.sendMoney")}
        </Button>
      </Group>

      <search className={classes.filters}>
        <Select
          label={t("history.filters.service")}
          data={options(services.data, t("history.filters.allServices"), (item) => {
            const key = SERVICE_LABELS[item.id];
            return key ? t(key) : item.name;
          })}
          value={filters.service || ALL}
          onChange={(value) => update({ service: value && value !== ALL ? value : "", page: 1 })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t("history.filters.status")}
          data={options(statuses.data, t("history.filters.allStatuses"), (item) =>
            isStatus(item.id) ? t(`history.statuses.${item.id}`) : item.name,
          )}
          value={filters.status || ALL}
          onChange={(value) => update({ status: value && isStatus(value) ? value : "", page: 1 })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </search>

      <Card withBorder padding={0} radius="lg" aria-busy={orders.isFetching}>
        {orders.isPending || isSessionExpiredError(orders.error) ? <ListSkeleton /> : null}
        {orders.isError && !pageData && !isSessionExpiredError(orders.error) ? (
          <Alert color="red" title={t("errors.title")} m="lg">
            <Text size="sm">{t("history.list.loadError")}</Text>
            <Button size="xs" variant="default" mt="sm" onClick={() => void orders.refetch()}>
              {t("common.retry")}
            </Button>
          </Alert>
        ) : null}
        {pageData && pageData.data.length === 0 ? (
          <Center p="xl">
            <Stack align="center" gap="sm" maw={380} ta="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                <IconReceipt size={26} aria-hidden />
              </ThemeIcon>
              <Text fw={650}>{filtered ? t("history.list.noMatches") : t("history.list.emptyTitle")}</Text>
              <Text size="sm" c="dimmed">
                {filtered ? t("history.list.noMatchesText") : t("history.list.emptyText")}
              </Text>
            </Stack>
          </Center>
        ) : null}
        {pageData && pageData.data.length > 0 ? (
          <ul className={classes.list} aria-label={t("history.list.label")}>
            {pageData.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        ) : null}
      </Card>

      {pageData && pageData.total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t("history.list.total", { count: pageData.total })}
          </Text>
          {pageData.last_page > 1 ? (
            <Pagination
              total={pageData.last_page}
              value={pageData.current_page}
              onChange={(page) => update({ page })}
              getControlProps={(control) => ({
                "aria-label": control === "next" ? t("history.list.next") : t("history.list.previous"),
              })}
              getItemProps={(item) => ({ "aria-label": t("history.list.page", { page: item }) })}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
};
