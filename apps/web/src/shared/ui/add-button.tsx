import { Button, type ButtonProps } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The button that adds a new one to a list (a recipient, a sender, a person): a plus and what it adds. */
export const AddButton = ({
  children,
  onClick,
  ...buttonProps
}: {
  children: ReactNode;
  onClick: () => void;
} & Omit<ButtonProps, "leftSection" | "children">) => (
  <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onClick} {...buttonProps}>
    {children}
  </Button>
);
