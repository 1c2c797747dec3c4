import { Box, Button, Skeleton, Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { QuoteSummary } from "./quote-summary";

/** Where a field will be: its label and its box. */
export const FieldSkeleton = ({ width, labelWidth = 110 }: { width?: number; labelWidth?: number }) => (
  <Stack gap={6} w={width}>
    <Skeleton height={14} width={labelWidth} radius="sm" />
    <Skeleton height={42} radius="md" />
  </Stack>
);

/**
 * The AMOUNT step while the countries are not known yet: skeletons where the fields will be, the
 * price box waiting and the button disabled. It is also what the prerendered home page shows until
 * the step has its data (see PreparedAmountStep), so both render this same markup.
 */
export const AmountStepLoading = ({ continueLabel }: { continueLabel: string }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <Stack gap="md" role="status" aria-busy="true" aria-label={t("common.loading")}>
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
      </Stack>
      <QuoteSummary
        status="loading"
        calculation={undefined}
        method={undefined}
        fromDecimals={2}
        locale={locale}
        onRetry={() => undefined}
      />
      <Button
        type="submit"
        size="lg"
        fullWidth
        rightSection={<IconArrowRight size={20} aria-hidden />}
        disabled
      >
        {continueLabel}
      </Button>
    </Box>
  );
};
