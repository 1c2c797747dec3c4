import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One row of a summary: its label and its value; a null value leaves the row out. */
export type SummaryRow = [string, ReactNode | null];

/**
 * A definition list of label / value rows, as every flow's review, summary and confirmation show
 * them; a row whose value is null (the rate where nothing is converted) is left out.
 */
export const SummaryList = ({ rows, label }: { rows: readonly SummaryRow[]; label?: string }) => (
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
