import { Badge, type BadgeProps } from "@mantine/core";
import type { OrderStatus } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";

type Tone = { color: string; variant: "filled" };

/**
 * Each status's colour, all filled so the small bold capitals keep 4.5:1 (WCAG AA): white on
 * teal.9, blue.8, red.9 and gray.7, black (Mantine's autoContrast) on yellow.4.
 */
const TONES = {
  created: { color: "yellow.4", variant: "filled" },
  awaiting_payment: { color: "yellow.4", variant: "filled" },
  on_hold: { color: "yellow.4", variant: "filled" },
  paid: { color: "blue.8", variant: "filled" },
  processing: { color: "blue.8", variant: "filled" },
  sent: { color: "blue.8", variant: "filled" },
  available_for_pickup: { color: "blue.8", variant: "filled" },
  completed: { color: "teal.9", variant: "filled" },
  payment_failed: { color: "red.9", variant: "filled" },
  failed: { color: "red.9", variant: "filled" },
  cancelled: { color: "gray.7", variant: "filled" },
  refunded: { color: "gray.7", variant: "filled" },
} as const satisfies Record<OrderStatus, Tone>;

type OrderStatusBadgeProps = Omit<BadgeProps, "color" | "variant" | "children"> & {
  status: OrderStatus;
  /** The order waits on a payment held for review (a transfer that arrived with another amount). */
  inReview?: boolean;
};

/** An order's status (spec §4: statuses come from the server), in the page's language. */
export const OrderStatusBadge = ({ status, inReview = false, ...props }: OrderStatusBadgeProps) => {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <Badge {...props} color={tone.color} variant={tone.variant} autoContrast>
      {inReview ? t("history.statuses.in_review") : t(`history.statuses.${status}`)}
    </Badge>
  );
};
