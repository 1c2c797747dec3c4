import { Badge, Box, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./home.module.css";
import { SendMoneyCard } from "./send-money-card";

/** The hero: the promise on one side, the calculator the routes pass in on the other. */
export const HeroSection = ({ calculator }: { calculator: ReactNode }) => {
  const { t } = useTranslation();
  const points = [t("home.hero.pointRate"), t("home.hero.pointTrack"), t("home.hero.pointPay")];
  return (
    <Box component="section" className={classes.hero} aria-labelledby="home-title">
      <div className={classes.heroGlow} aria-hidden="true" />
      <Container size="lg" className={classes.heroInner}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 56 }} className={classes.heroGrid}>
          <Stack gap="lg" justify="center" className={classes.heroCopy}>
            <Badge variant="outline" radius="xl" size="lg" className={classes.heroBadge}>
              {t("home.hero.eyebrow")}
            </Badge>
            <Title order={1} id="home-title" className={classes.heroTitle}>
              {t("home.hero.title")}{" "}
              <span className={classes.heroHighlight}>{t("home.hero.titleHighlight")}</span>
            </Title>
            <Text className={classes.heroSubtitle}>{t("home.hero.subtitle")}</Text>
            <List
              spacing="sm"
              visibleFrom="sm"
              className={classes.heroList}
              icon={
                <ThemeIcon size={24} radius="xl" color="mint.4" c="ink.9">
                  <IconCheck size={15} stroke={3} aria-hidden />
                </ThemeIcon>
              }
            >
              {points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </Stack>
          <SendMoneyCard>{calculator}</SendMoneyCard>
        </SimpleGrid>
      </Container>
    </Box>
  );
};
