import { Badge, Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BusinessVerification, KybStatus } from "@vela/shared/kyb";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { KYB_QUERY_KEY, submitVerification } from "../api/business-verification";

const STATUS_COLOR: Record<KybStatus, string> = {
  incomplete: "gray",
  in_review: "blue",
  verified: "teal",
  blocked: "red",
};

/** Where the business stands: its status, each step, what is missing, and the submission. */
export const ProgressCard = ({ verification }: { verification: BusinessVerification }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: submitVerification,
    onSuccess: async () => {
      notifySuccess(t("kyb.progress.submitted_ok"));
      await queryClient.invalidateQueries({ queryKey: KYB_QUERY_KEY });
    },
  });
  const { status } = verification;
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="kyb-progress-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="kyb-progress-title">
            {t("kyb.progress.title")}
          </Title>
          <Badge size="lg" variant="light" color={STATUS_COLOR[status]}>
            {t(`kyb.status.${status}`)}
          </Badge>
        </Group>
        <Text>{t(`kyb.status.${status}Text`)}</Text>
        <List spacing="xs" aria-label={t("kyb.progress.title")}>
          {verification.progress.map((item) => (
            <List.Item key={item.step}>
              <Group gap="xs" wrap="nowrap">
                <Text>{t(`kyb.progress.${item.step}`)}</Text>
                <Badge variant="light" color={item.done ? "teal" : "gray"}>
                  {item.done ? t("kyb.progress.done") : t("kyb.progress.todo")}
                </Badge>
              </Group>
            </List.Item>
          ))}
        </List>
        {status === "incomplete" && verification.missing.length > 0 ? (
          <Stack gap="xs">
            <Text fw={600} id="kyb-missing-title">
              {t("kyb.progress.missingTitle")}
            </Text>
            <List aria-labelledby="kyb-missing-title">
              {verification.missing.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {status === "incomplete" ? (
          <Group justify="flex-end">
            <Button
              onClick={() => submit.mutate()}
              disabled={!verification.can_submit}
              loading={submit.isPending}
            >
              {t("kyb.progress.submit")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
