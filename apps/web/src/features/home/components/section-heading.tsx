import { Stack, Text, Title } from "@mantine/core";
import classes from "./home.module.css";

type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  align?: "left" | "center";
};

export const SectionHeading = ({ id, eyebrow, title, subtitle, align = "center" }: SectionHeadingProps) => (
  <Stack
    gap="sm"
    align={align === "center" ? "center" : "flex-start"}
    ta={align}
    className={classes.sectionHeading}
  >
    <Text className={classes.eyebrow}>{eyebrow}</Text>
    <Title order={2} id={id}>
      {title}
    </Title>
    {subtitle ? (
      <Text size="lg" c="dimmed" maw={620}>
        {subtitle}
      </Text>
    ) : null}
  </Stack>
);
