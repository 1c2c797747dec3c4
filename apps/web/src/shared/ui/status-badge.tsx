import { Badge, type BadgeProps } from "@mantine/core";

type StatusBadgeProps = Omit<BadgeProps, "color" | "variant"> & {
  /** On, verified: a filled dark green. Off, not verified: a quiet grey. */
  isPositive: boolean;
  children: string;
};

/**
 * A yes/no status. Mantine's light green and orange badges put small bold text at under 3:1 on
 * their tint; these two keep 4.5:1 (WCAG AA) for the badge's small capitals.
 */
export const StatusBadge = ({ isPositive, ...props }: StatusBadgeProps) => (
  <Badge {...props} color={isPositive ? "teal.9" : "gray"} variant={isPositive ? "filled" : "light"} />
);
