import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

type PageHeaderProps = {
  title: string;
  /** One line under the title saying what the page is for. */
  text: string;
  /** The page's own actions, at the header's end. */
  children?: ReactNode;
};

/** An account page's heading: its title, what it is for, and its actions beside them. */
export const PageHeader = ({ title, text, children }: PageHeaderProps) => {
  const heading = (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" mt={6}>
        {text}
      </Text>
    </div>
  );
  if (!children) return heading;
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      {heading}
      {children}
    </Group>
  );
};
