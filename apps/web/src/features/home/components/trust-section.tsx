import { SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCreditCard, IconId, IconLock, IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { HomeSection } from "./home-section";
import { SectionHeading } from "./section-heading";

const POINTS = [
  { icon: IconLock, title: "home.trust.encryptionTitle", text: "home.trust.encryptionText" },
  { icon: IconShieldCheck, title: "home.trust.twoFactorTitle", text: "home.trust.twoFactorText" },
  { icon: IconId, title: "home.trust.identityTitle", text: "home.trust.identityText" },
  { icon: IconCreditCard, title: "home.trust.cardsTitle", text: "home.trust.cardsText" },
] as const;

export const TrustSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection titleId="trust-title">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 80 }}>
        <SectionHeading
          id="trust-title"
          align="left"
          eyebrow={t("home.trust.eyebrow")}
          title={t("home.trust.title")}
          subtitle={t("home.trust.subtitle")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing={36}>
          {POINTS.map((point) => (
            <Stack gap="sm" key={point.title}>
              <ThemeIcon size={44} radius="xl" color="ink.9">
                <point.icon size={22} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t(point.title)}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {t(point.text)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </SimpleGrid>
    </HomeSection>
  );
};
