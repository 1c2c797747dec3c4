import { Button, type ButtonProps } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";

/** The button that adds a new one to a list (a recipient, a sender, a person): a plus and what it adds. */
export const AddButton = (props: Omit<ButtonProps, "leftSection"> & { onClick: () => void }) => (
  <Button leftSection={<IconPlus size={18} aria-hidden />} {...props} />
);
