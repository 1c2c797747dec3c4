import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { PageHeader } from "@/shared/ui/page-header";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useMyAccount } from "../api/get-my-account";
import { useProfile } from "../api/get-profile";
import { AvatarUpload } from "../components/avatar-upload";
import { ProfileForm } from "../components/profile-form";

const VerifiedBadge = ({ verified }: { verified: boolean }) => {
  const { t } = useTranslation();
  return (
    <StatusBadge isPositive={verified} size="sm">
      {verified ? t("profile.verified") : t("profile.unverified")}
    </StatusBadge>
  );
};

type ContactRowProps = {
  label: string;
  /** What the account has (and whether it is verified). */
  children: ReactNode;
  /** Where it is changed, when it can be. */
  change?: { to: string; label: string };
};

/** A line of the contact card: what it is, what the account has, and a link to change it. */
const ContactRow = ({ label, children, change }: ContactRowProps) => (
  <Group justify="space-between" wrap="wrap">
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
    {change ? (
      <Anchor component={Link} to={change.to} size="sm">
        {change.label}
      </Anchor>
    ) : null}
  </Group>
);

/** The account's profile: picture, personal details, and where e-mail and phone are changed. */
export const ProfileRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("profile.title")} · Vela`);
  const profile = useProfile();
  const myAccount = useMyAccount();
  const onboarding = myAccount.data?.onboarding;

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={t("profile.title")} text={t("profile.text")} />
      {profile.isPending || isSessionExpiredError(profile.error) ? (
        <Skeleton height={320} radius="lg" />
      ) : null}
      {profile.isError && !isSessionExpiredError(profile.error) ? (
        <Alert color="red" title={t("errors.title")}>
          {t("profile.loadError")}
        </Alert>
      ) : null}
      {profile.data ? (
        <>
          <Card withBorder padding="xl">
            <AvatarUpload
              avatarUrl={profile.data.avatar_url}
              initials={`${profile.data.first_name.charAt(0)}${profile.data.last_name.charAt(0)}`.toUpperCase()}
            />
          </Card>
          <Card withBorder padding="xl">
            <Title order={2} size="h4" mb="md">
              {t("profile.detailsTitle")}
            </Title>
            <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
          </Card>
          <Card withBorder padding="xl">
            <Title order={2} size="h4" mb="md">
              {t("profile.contactTitle")}
            </Title>
            <Stack gap="md">
              {myAccount.data?.organization ? (
                <ContactRow label={t("profile.organization")}>
                  <Text fw={600}>{myAccount.data.organization.name}</Text>
                </ContactRow>
              ) : null}
              <ContactRow
                label={t("auth.fields.email")}
                change={{ to: "/account/settings/email", label: t("profile.changeEmail") }}
              >
                <Group gap="xs">
                  <Text fw={600}>{profile.data.email}</Text>
                  {onboarding ? <VerifiedBadge verified={onboarding.email_verified} /> : null}
                </Group>
              </ContactRow>
              <ContactRow
                label={t("profile.phone")}
                change={{ to: "/account/settings/phone", label: t("profile.changePhone") }}
              >
                <Group gap="xs">
                  <Text fw={600}>
                    {profile.data.phone_number
                      ? `${profile.data.phone_prefix ?? ""} ${profile.data.phone_number}`.trim()
                      : "—"}
                  </Text>
                  {onboarding ? <VerifiedBadge verified={onboarding.phone_verified} /> : null}
                </Group>
              </ContactRow>
            </Stack>
          </Card>
        </>
      ) : null}
    </Stack>
  );
};
