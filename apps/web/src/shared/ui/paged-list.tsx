import {
  Alert,
  Button,
  Center,
  Group,
  type GroupProps,
  Pagination,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { Paginated } from "@vela/shared/api";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { DividedList } from "./divided-list";

/** Three rows of a two-line item with an amount on the right, while a page loads. */
export const ListSkeleton = () => (
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

/** What a list query gives the list (a TanStack Query result of a server page). */
type PageQuery<T> = {
  data: Paginated<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

/**
 * A page of a server list as it stands: the skeleton while it loads (and while an expired session
 * is renewed: its error is not this list's), the load error with a retry, the empty state (none at
 * all, or none matching the filters), or the items as a labelled list.
 */
export const PagedListBody = <T,>({
  query,
  skeleton = <ListSkeleton />,
  loadErrorText,
  empty,
  isLeavingPage = false,
  label,
  children,
}: {
  query: PageQuery<T>;
  skeleton?: ReactNode;
  loadErrorText: string;
  empty: { icon: Icon; title: string; text: string };
  /** The page was left empty and another is on its way: no empty state meanwhile. */
  isLeavingPage?: boolean;
  label: string;
  /** One item's row (an `li` with its key). */
  children: (item: T) => ReactNode;
}) => {
  const { t } = useTranslation();
  const page = query.data;
  const isSessionExpired = isSessionExpiredError(query.error);
  return (
    <>
      {query.isPending || isSessionExpired ? skeleton : null}
      {query.isError && !page && !isSessionExpired ? (
        <Alert color="red" title={t("errors.title")} m="lg">
          <Text size="sm">{loadErrorText}</Text>
          <Button size="xs" variant="default" mt="sm" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : null}
      {page && page.data.length === 0 && !isLeavingPage ? (
        <Center p="xl">
          <Stack align="center" gap="sm" maw={380} ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <empty.icon size={26} aria-hidden />
            </ThemeIcon>
            <Text fw={650}>{empty.title}</Text>
            <Text size="sm" c="dimmed">
              {empty.text}
            </Text>
          </Stack>
        </Center>
      ) : null}
      {page && page.data.length > 0 ? (
        <DividedList label={label}>{page.data.map(children)}</DividedList>
      ) : null}
    </>
  );
};

/** Under a paged list: how many there are, and the pages when there is more than one. */
export const PagedListFooter = ({
  page,
  totalText,
  onPageChange,
  ...groupProps
}: {
  page: Pick<Paginated<unknown>, "current_page" | "last_page">;
  totalText: string;
  onPageChange: (page: number) => void;
} & GroupProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" {...groupProps}>
      <Text size="sm" c="dimmed">
        {totalText}
      </Text>
      {page.last_page > 1 ? (
        <Pagination
          total={page.last_page}
          value={page.current_page}
          onChange={onPageChange}
          getControlProps={(control) => ({
            "aria-label": control === "next" ? t("common.pagination.next") : t("common.pagination.previous"),
          })}
          getItemProps={(item) => ({ "aria-label": t("common.pagination.page", { page: item }) })}
        />
      ) : null}
    </Group>
  );
};
