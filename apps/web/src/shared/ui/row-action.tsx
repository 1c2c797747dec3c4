import { ActionIcon, Tooltip } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";

/** An icon button of a list row (edit, delete), named for its row, with its short name on hover. */
export const RowAction = ({
  tooltip,
  label,
  icon: ActionIconGlyph,
  color = "gray",
  onClick,
}: {
  tooltip: string;
  /** What it does to which row, for assistive technology ("Delete Ana López"). */
  label: string;
  icon: Icon;
  color?: "gray" | "red";
  onClick: () => void;
}) => (
  <Tooltip label={tooltip}>
    <ActionIcon variant="subtle" color={color} size="lg" onClick={onClick} aria-label={label}>
      <ActionIconGlyph size={18} aria-hidden />
    </ActionIcon>
  </Tooltip>
);
