import { Container, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./status-page.module.css";

type StatusPageProps = {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  text: string;
  action: ReactNode;
};

/** The shared look of the 404, "on its way" and error pages: one message, one way out. */
export const StatusPage = ({ icon, eyebrow, title, text, action }: StatusPageProps) => (
  <Container size="sm" className={classes.page}>
    <Stack align="center" gap="lg" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      {eyebrow ? (
        <Text className={classes.eyebrow} aria-hidden="true">
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text size="lg" c="dimmed" maw={520}>
        {text}
      </Text>
      {action}
    </Stack>
  </Container>
);
