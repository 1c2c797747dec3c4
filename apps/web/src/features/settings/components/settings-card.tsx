import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The look of every settings section: a titled card with a sentence saying what it is for. */
export const SettingsCard = ({
  title,
  text,
  aside,
  children,
}: {
  title: string;
  text?: string;
  aside?: ReactNode;
  children: ReactNode;
}) => (
  <Card withBorder padding="xl" component="section" aria-label={title}>
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {text ? (
          <Text size="sm" c="dimmed" mt={4}>
            {text}
          </Text>
        ) : null}
        {aside}
      </div>
      {children}
    </Stack>
  </Card>
);
