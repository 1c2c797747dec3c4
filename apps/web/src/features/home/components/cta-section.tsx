import { Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./home.module.css";

export const CtaSection = () => {
  const { t } = useTranslation();
  return (
    <Box component="section" className={classes.ctaSection} aria-labelledby="cta-title">
      <Container size="lg">
        <Box className={classes.cta}>
          <Stack gap="sm" className={classes.ctaCopy}>
            <Title order={2} id="cta-title" c="white">
              {t("home.cta.title")}
            </Title>
            <Text size="lg" className={classes.ctaText}>
              {t("home.cta.text")}
            </Text>
          </Stack>
          <Group gap="sm" className={classes.ctaActions}>
            <Button
              component={Link}
              to="/signup"
              size="lg"
              color="white"
              c="vela.8"
              rightSection={<IconArrowRight size={20} aria-hidden />}
            >
              {t("home.cta.primary")}
            </Button>
            <Button component={Link} to="/business" size="lg" variant="outline" color="white">
              {t("home.cta.secondary")}
            </Button>
          </Group>
        </Box>
      </Container>
    </Box>
  );
};
