import { Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconArrowRight,
  IconBuildingBank,
  IconCash,
  IconDeviceMobile,
  IconGift,
  IconReceipt,
  IconWallet,
  IconWorldUp,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./home.module.css";
import { HomeSection } from "./home-section";
import { SectionHeading } from "./section-heading";

const SERVICES = [
  {
    to: "/wallets",
    icon: IconWallet,
    title: "home.services.walletsTitle",
    text: "home.services.walletsText",
    color: "teal",
  },
  {
    to: "/gift-cards",
    icon: IconGift,
    title: "home.services.giftCardsTitle",
    text: "home.services.giftCardsText",
    color: "grape",
  },
  {
    to: "/pay-bills",
    icon: IconReceipt,
    title: "home.services.billsTitle",
    text: "home.services.billsText",
    color: "orange",
  },
  {
    to: "/phone-top-up",
    icon: IconDeviceMobile,
    title: "home.services.topUpTitle",
    text: "home.services.topUpText",
    color: "cyan",
  },
] as const;

const DELIVERY = [
  { icon: IconBuildingBank, label: "home.services.deliveryBank" },
  { icon: IconCash, label: "home.services.deliveryCash" },
  { icon: IconWallet, label: "home.services.deliveryWallet" },
] as const;

export const ServicesSection = () => {
  const { t } = useTranslation();
  return (
    <HomeSection titleId="services-title" muted>
      <SectionHeading
        id="services-title"
        eyebrow={t("home.services.eyebrow")}
        title={t("home.services.title")}
        subtitle={t("home.services.subtitle")}
      />
      <div className={classes.services}>
        <Card
          component={Link}
          to="/send-money"
          padding="xl"
          withBorder
          className={`${classes.serviceCard} ${classes.serviceCardFeatured}`}
        >
          <ThemeIcon size={56} radius="md" color="vela">
            <IconWorldUp size={30} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Title order={3} mt="lg" fz={24}>
            {t("home.services.sendMoneyTitle")}
          </Title>
          <Text c="dimmed" mt="xs">
            {t("home.services.sendMoneyText")}
          </Text>
          <List mt="lg" spacing="sm" center className={classes.deliveryList} icon={null}>
            {DELIVERY.map((item) => (
              <List.Item
                key={item.label}
                icon={
                  <ThemeIcon size={32} radius="xl" variant="light">
                    <item.icon size={18} aria-hidden />
                  </ThemeIcon>
                }
              >
                <Text size="sm" fw={550}>
                  {t(item.label)}
                </Text>
              </List.Item>
            ))}
          </List>
          <Group gap={6} mt="auto" pt="xl" className={classes.serviceLink}>
            <Text fw={650} c="vela.7">
              {t("home.services.learnMore")}
            </Text>
            <IconArrowRight size={18} aria-hidden className={classes.serviceLinkIcon} />
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {SERVICES.map((service) => (
            <Card
              key={service.to}
              component={Link}
              to={service.to}
              padding="xl"
              withBorder
              className={classes.serviceCard}
            >
              <ThemeIcon size={52} radius="md" variant="light" color={service.color}>
                <service.icon size={28} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Title order={3} mt="lg">
                {t(service.title)}
              </Title>
              <Text c="dimmed" mt="xs">
                {t(service.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </div>
    </HomeSection>
  );
};
