import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
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
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text size="sm" c="dimmed">
                      {t("profile.organization")}
                    </Text>
                    <Text fw={600}>{myAccount.data.organization.name}</Text>
                  </div>
                </Group>
              ) : null}
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text size="sm" c="dimmed">
                    {t("auth.fields.email")}
                  </Text>
                  <Group gap="xs">
                    <Text fw={600}>{profile.data.email}</Text>
                    {onboarding ? <VerifiedBadge verified={onboarding.email_verified} /> : null}
                  </Group>
                </div>
                <Anchor component={Link} to="/account/settings/email" size="sm">
                  {t("profile.changeEmail")}
                </Anchor>
              </Group>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text size="sm" c="dimmed">
                    {t("profile.phone")}
                  </Text>
                  <Group gap="xs">
                    <Text fw={600}>
                      {profile.data.phone_number
                        ? `${profile.data.phone_prefix ?? ""} ${profile.data.phone_number}`.trim()
                        : "—"}
                    </Text>
                    {onboarding ? <VerifiedBadge verified={onboarding.phone_verified} /> : null}
                  </Group>
                </div>
                <Anchor component={Link} to="/account/settings/phone" size="sm">
                  {t("profile.changePhone")}
                </Anchor>
              </Group>
            </Stack>
          </Card>
        </>
      ) : null}
    </Stack>
  );
};
