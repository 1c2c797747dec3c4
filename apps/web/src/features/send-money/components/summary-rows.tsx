import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A definition list of label / value rows, as the review and the confirmation show them. */
export const SummaryRows = ({ rows, label }: { rows: [string, ReactNode][]; label?: string }) => (
  <Stack component="dl" gap={10} m={0} aria-label={label}>
    {rows.map(([term, value]) => (
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

/** The digits an amount was given with ("100.00" → 2, "1500" → 0): the API writes its currency's. */
export const decimalsOf = (amount: string) => Math.min(amount.split(".")[1]?.length ?? 0, 2);
