import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One of the area's steps: a card named by its heading, with a line on what it asks for. */
export const SectionCard = ({
  id,
  title,
  text,
  gap = "md",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  text: string;
  gap?: "md" | "lg";
  children: ReactNode;
}) => (
  <Card withBorder padding="lg" component="section" aria-labelledby={id}>
    <Stack gap={gap}>
      <div>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {text}
        </Text>
      </div>
      {children}
    </Stack>
  </Card>
);
