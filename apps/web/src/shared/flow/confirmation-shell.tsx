import { Button, type ButtonProps, Group, Stack, ThemeIcon, Title } from "@mantine/core";
import { IconDownload, IconFileDescription } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * CONFIRMATION, the last step of every flow: the order's state as an icon and a title with a line
 * under it, what was placed (the children), and what can be done next (the actions).
 */
export const ConfirmationShell = ({
  color,
  icon,
  title,
  subtitle,
  actions,
  children,
}: {
  /** The icon's colour: teal done, blue waiting, red failed (orange refunded). */
  color: string;
  icon: ReactNode;
  title: string;
  /** What stands under the title: a sentence, or the status badge. */
  subtitle: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) => (
  <Stack gap="lg">
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={48} radius="xl" color={color} variant="light">
        {icon}
      </ThemeIcon>
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {subtitle}
      </div>
    </Group>
    {children}
    <Group gap="sm" wrap="wrap">
      {actions}
    </Group>
  </Stack>
);

/** The order's details page in the history. */
export const OrderDetailsButton = ({ orderId, label }: { orderId: number; label: string }) => (
  <Button
    component={Link}
    to={`/account/history/${orderId}`}
    leftSection={<IconFileDescription size={18} aria-hidden />}
  >
    {label}
  </Button>
);

/** Downloads the order's receipt; a failure is told with `errorFallback` when the answer says nothing. */
export const ReceiptButton = ({
  download,
  label,
  errorFallback,
  variant,
}: {
  download: () => Promise<unknown>;
  label: string;
  errorFallback: string;
  variant?: ButtonProps["variant"];
}) => {
  const receipt = useMutation({ mutationFn: download, meta: { errorFallback } });
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={receipt.isPending}
      onClick={() => receipt.mutate()}
    >
      {label}
    </Button>
  );
};
