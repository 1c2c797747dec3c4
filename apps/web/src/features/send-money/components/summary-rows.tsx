import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A definition list of label / value rows, as the review and the confirmation show them; a row
 * whose value is null (the rate where nothing is converted) is left out.
 */
export const SummaryRows = ({ rows, label }: { rows: [string, ReactNode | null][]; label?: string }) => (
  <Stack component="dl" gap={10} m={0} aria-label={label}>
    {rows
      .filter(([, value]) => value !== null)
      .map(([term, value]) => (
        <Group key={term} justify="space-between" gap="sm" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" fw={600} ta="right" m={0} style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
        </Group>
      ))}
  </Stack>
);
