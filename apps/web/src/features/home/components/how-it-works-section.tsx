import { Box, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./home.module.css";
import { HomeSection } from "./home-section";
import { SectionHeading } from "./section-heading";

const STEPS = [
  { title: "home.steps.amountTitle", text: "home.steps.amountText" },
  { title: "home.steps.recipientTitle", text: "home.steps.recipientText" },
  { title: "home.steps.paymentTitle", text: "home.steps.paymentText" },
  { title: "home.steps.trackTitle", text: "home.steps.trackText" },
] as const;

export const HowItWorksSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection titleId="how-it-works-title">
      <SectionHeading
        id="how-it-works-title"
        eyebrow={t("home.steps.eyebrow")}
        title={t("home.steps.title")}
      />
      <SimpleGrid component="ol" cols={{ base: 1, sm: 2, md: 4 }} spacing="xl" className={classes.steps}>
        {STEPS.map((step, index) => (
          <Box component="li" key={step.title} className={classes.step}>
            <span className={classes.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <Title order={3}>{t(step.title)}</Title>
            <Text c="dimmed">{t(step.text)}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
};
