import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasDevMailboxLink } from "@/features/dev-mailbox/api/get-outbox";
import type { en } from "@/shared/i18n/locales/en";
import { LanguageSwitch } from "@/shared/ui/language-switch";
import { Logo } from "@/shared/ui/logo";
import classes from "./public-footer.module.css";

type FooterKey = keyof (typeof en)["footer"];

const COLUMNS: { title: FooterKey; links: { to: string; label: FooterKey }[] }[] = [
  {
    title: "products",
    links: [
      { to: "/send-money", label: "sendMoney" },
      { to: "/wallets", label: "wallets" },
      { to: "/gift-cards", label: "giftCards" },
      { to: "/pay-bills", label: "billPayment" },
      { to: "/phone-top-up", label: "phoneTopUp" },
      { to: "/business", label: "business" },
    ],
  },
  {
    title: "support",
    links: [
      { to: "/help", label: "helpCentre" },
      { to: "/faqs", label: "faqs" },
      { to: "/tracking", label: "tracking" },
      { to: "/find-location", label: "locations" },
      { to: "/contact-us", label: "contact" },
    ],
  },
  {
    title: "company",
    links: [
      { to: "/blog", label: "blog" },
      { to: "/testimonials", label: "testimonials" },
      { to: "/promotions", label: "promotions" },
      { to: "/waiting-list", label: "waitingList" },
    ],
  },
  {
    title: "legal",
    links: [{ to: "/terms-and-conditions", label: "terms" }],
  },
];

export const PublicFooter = () => {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // Outside production the server keeps the e-mails and texts it would have sent; development
  // builds link to where they can be read (verification codes).
  const hasMailbox = hasDevMailboxLink();

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing={{ base: "xl", md: 40 }} verticalSpacing="xl">
          <Stack gap="md" className={classes.brandColumn}>
            <Link to="/" className={classes.brand} aria-label={t("nav.home")}>
              <Logo variant="light" />
            </Link>
            <Text size="sm" className={classes.blurb}>
              {t("footer.blurb")}
            </Text>
          </Stack>
          {COLUMNS.map((column) => (
            <Box component="nav" aria-label={t(`footer.${column.title}`)} key={column.title}>
              <Text component="h2" className={classes.columnTitle}>
                {t(`footer.${column.title}`)}
              </Text>
              <Stack component="ul" gap={10} className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Anchor component={Link} to={link.to} className={classes.link}>
                      {t(`footer.${link.label}`)}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>

        <Group justify="space-between" className={classes.bottom} gap="md">
          <Text size="sm" className={classes.copyright}>
            {t("footer.copyright", { year })}
          </Text>
          <Group gap="lg">
            {hasMailbox ? (
              <Anchor component={Link} to="/dev/mailbox" className={classes.link} size="sm">
                {t("footer.mailbox")}
              </Anchor>
            ) : null}
            <LanguageSwitch variant="dark" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
};
