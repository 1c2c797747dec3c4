import { Box, Card, Group, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./send-money-card.module.css";

type SendMoneyCardProps = {
  /**
   * The calculator the card frames. The home feature does not build it: the send-money flow's
   * AMOUNT step is passed in by the app's routes, so features never import each other.
   */
  children: ReactNode;
};

/** The home page's transfer starter: a titled card around the calculator, with the security note. */
export const SendMoneyCard = ({ children }: SendMoneyCardProps) => {
  const { t } = useTranslation();
  return (
    <Card
      className={classes.card}
      padding={0}
      shadow="xl"
      component="section"
      aria-labelledby="send-money-card-title"
    >
      <Box className={classes.header}>
        <Title order={2} id="send-money-card-title" className={classes.title}>
          {t("home.card.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("home.card.subtitle")}
        </Text>
      </Box>

      <Box className={classes.body}>
        {children}
        <Group gap={6} justify="center" mt="sm" wrap="nowrap">
          <IconLock size={14} className={classes.lockIcon} aria-hidden />
          <Text size="xs" c="dimmed">
            {t("home.card.secureNote")}
          </Text>
        </Group>
      </Box>
    </Card>
  );
};
