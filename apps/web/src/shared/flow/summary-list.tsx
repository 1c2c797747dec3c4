import { Group, Stack, Text } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";

/** One row of a summary: its label and its value; a null value leaves the row out. */
export type SummaryRow = [string, ReactNode | null];

export type SummaryLineProps = { label: string; children: ReactNode; strong?: boolean };

/**
 * One label / value line of a definition list; `strong` sets a total apart. Each list keeps its own
 * `valueWeight` (the panels' amounts are lighter than the reviews' values).
 */
export const SummaryLine = ({
  label,
  children,
  strong = false,
  valueWeight = 600,
  valueStyle,
}: SummaryLineProps & { valueWeight?: number; valueStyle?: CSSProperties }) => (
  <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
    <Text component="dt" size="sm" c="dimmed">
      {label}
    </Text>
    <Text
      component="dd"
      size={strong ? "md" : "sm"}
      fw={strong ? 700 : valueWeight}
      ta="right"
      m={0}
      style={valueStyle}
    >
      {children}
    </Text>
  </Group>
);

/**
 * A definition list of label / value rows, as every flow's review, summary and confirmation show
 * them; a row whose value is null (the rate where nothing is converted) is left out.
 */
export const SummaryList = ({ rows, label }: { rows: readonly SummaryRow[]; label?: string }) => (
  <Stack component="dl" gap={10} m={0} aria-label={label}>
    {rows
      .filter(([, value]) => value !== null)
      .map(([term, value]) => (
        <SummaryLine key={term} label={term} valueStyle={{ overflowWrap: "anywhere" }}>
          {value}
        </SummaryLine>
      ))}
  </Stack>
);
