import {
  Anchor,
  Card,
  Group,
  type MantineColor,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";

/**
 * A card of the dashboard around one query: its icon and title, a link to the whole list once there
 * is something to see, a skeleton while loading (and while an expired session is being renewed), the
 * load error in words, then `children` with the data.
 */
export const DashboardCard = <T,>({
  icon,
  color,
  title,
  query,
  allLink,
  loadError,
  children,
}: {
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  query: UseQueryResult<T>;
  /** Shown beside the title when `data` has something to list. */
  allLink: { to: string; label: string; show: (data: T) => boolean };
  loadError: string;
  children: (data: T) => ReactNode;
}) => {
  const { data } = query;
  const renewing = isSessionExpiredError(query.error);
  return (
    <Card withBorder padding="xl">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <ThemeIcon variant="light" radius="xl" size={40} color={color}>
              {icon}
            </ThemeIcon>
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          {data !== undefined && allLink.show(data) ? (
            <Anchor component={Link} to={allLink.to} size="sm" fw={600}>
              {allLink.label}
            </Anchor>
          ) : null}
        </Group>
        {query.isPending || renewing ? (
          <Stack gap="xs" role="status" aria-busy="true">
            <Skeleton height={14} />
            <Skeleton height={14} width="75%" />
          </Stack>
        ) : null}
        {query.isError && data === undefined && !renewing ? (
          <Text c="dimmed" size="sm">
            {loadError}
          </Text>
        ) : null}
        {data !== undefined ? children(data) : null}
      </Stack>
    </Card>
  );
};
