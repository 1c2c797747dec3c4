import { Badge, Card, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { countDecimals, toMinor } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import type { LimitWindow } from "@vela/shared/verification";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { type VerificationLevelView, verificationLevelsQueryOptions } from "../api/verification-levels";
import { LoadState } from "./load-state";

/** How much of a limit is used, as a whole percentage from 0 to 100 (for the bar only). */
const usedPercent = (used: string, limit: string) => {
  const decimals = Math.max(countDecimals(used), countDecimals(limit));
  const limitMinor = toMinor(limit, decimals);
  if (limitMinor <= 0n) return 100;
  const percent = (toMinor(used, decimals) * 100n) / limitMinor;
  return Number(percent > 100n ? 100n : percent);
};

const LevelCard = ({ level }: { level: VerificationLevelView }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const headingId = `level-${level.level}-title`;
  const windowName = (window: LimitWindow) => t(`verification.allowances.windows.${window}`);
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      style={level.current ? { borderColor: "var(--mantine-color-vela-6)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <div>
          {level.current ? (
            <Badge color="vela.8" variant="filled" size="sm" mb={6}>
              {t("verification.allowances.current")}
            </Badge>
          ) : null}
          <Title order={3} size="h5" id={headingId}>
            {level.name}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {level.description}
          </Text>
        </div>
        <Stack
          component="dl"
          gap={8}
          m={0}
          aria-label={t("verification.allowances.limitsLabel", { level: level.name })}
        >
          {level.limits.map((limit) => (
            <div key={limit.window}>
              <Text component="dt" size="sm" c="dimmed">
                {windowName(limit.window)}
              </Text>
              <Text component="dd" m={0} fw={650}>
                {moneyText(limit.amount, limit.currency, locale)}
              </Text>
              {level.current && limit.used !== null ? (
                <Text component="dd" m={0}>
                  <Progress
                    value={usedPercent(limit.used, limit.amount)}
                    size="sm"
                    mt={4}
                    aria-label={t("verification.allowances.usedLabel", { window: windowName(limit.window) })}
                  />
                  <Text span size="xs" c="dimmed">
                    {t("verification.allowances.used", {
                      used: moneyText(limit.used, limit.currency, locale),
                      limit: moneyText(limit.amount, limit.currency, locale),
                    })}
                  </Text>
                </Text>
              ) : null}
            </div>
          ))}
        </Stack>
        <div>
          <Text size="sm" fw={600}>
            {t("verification.allowances.requirements")}
          </Text>
          <Text size="sm">{level.requirements}</Text>
        </div>
      </Stack>
    </Card>
  );
};

/** What each level allows (its limits per window), the person's own marked with what they have used. */
export const LevelsOverview = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  const levels = useQuery(verificationLevelsQueryOptions(language));
  return (
    <Stack gap="md" component="section" aria-labelledby="levels-title">
      <div>
        <Title order={2} size="h4" id="levels-title">
          {t("verification.allowances.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("verification.allowances.text")}
        </Text>
      </div>
      <LoadState
        query={levels}
        loading={<Skeleton height={220} radius="lg" />}
        errorText={t("verification.allowances.loadError")}
      />
      {levels.data ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {levels.data.map((level) => (
            <LevelCard key={level.level} level={level} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
};
