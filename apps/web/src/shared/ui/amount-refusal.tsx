import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { verificationPathFrom } from "@/shared/flow/verification-path";

/**
 * The API's refusal of an amount past the person's limits (issue 20): a 422 on `amount` whose
 * message says which limit and how to raise it. Null for any other failure.
 */
export const amountRefusalOf = (error: unknown): string | null => {
  if (!isApiError(error) || error.status !== 422) return null;
  return error.errors?.amount?.[0] ?? null;
};

/**
 * What every money flow's AMOUNT step shows when its quotation was refused on `amount`: the
 * server's words, and the way to raise the limit (the verification area, which leads back here).
 */
export const AmountRefusal = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const message = amountRefusalOf(error);
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconShieldCheck size={18} aria-hidden />}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor
          component={Link}
          to={verificationPathFrom(`${pathname}${search}`)}
          size="sm"
          fw={600}
          c="red.9"
          underline="always"
        >
          {t("verification.refusal.link")}
        </Anchor>
      </Stack>
    </Alert>
  );
};
