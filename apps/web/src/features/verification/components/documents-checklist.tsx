import { Anchor, List, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { VerificationFlow } from "@vela/shared/verification";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getAuthSnapshot } from "@/shared/api/auth-source";
import { useLanguage } from "@/shared/i18n/use-language";
import { countryDocumentsQueryOptions, type IdentityDocument } from "../api/country-documents";
import { LoadState } from "./load-state";

/** The documents each flow asks for: who the person is, then where they live or what funds them. */
const PURPOSES = {
  identity: ["identity"],
  enhanced: ["address", "funds"],
} as const satisfies Record<VerificationFlow, readonly IdentityDocument["purpose"][]>;

/**
 * "What to have ready" before a flow starts: the documents the person's country (of residence)
 * accepts for it, as a checklist.
 */
export const DocumentsChecklist = ({
  flow,
  headingOrder = 3,
}: {
  flow: VerificationFlow;
  /** Under the section's own heading: one level below it. */
  headingOrder?: 3 | 4;
}) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const countryId = getAuthSnapshot().countryId ?? null;
  const documents = useQuery(countryDocumentsQueryOptions(countryId, language));
  const purposes: readonly string[] = PURPOSES[flow];
  const shown = documents.data?.filter((document) => purposes.includes(document.purpose)) ?? [];
  const headingId = `documents-${flow}-title`;

  let content: ReactNode;
  if (countryId === null) {
    content = (
      <Text size="sm">
        {t("verification.documents.noCountry")}{" "}
        <Anchor component={Link} to="/account/profile">
          {t("verification.documents.profileLink")}
        </Anchor>
      </Text>
    );
  } else if (!documents.data) {
    content = (
      <LoadState
        query={documents}
        loading={<Skeleton height={72} radius="md" />}
        errorText={t("verification.documents.loadError")}
      />
    );
  } else if (shown.length === 0) {
    content = <Text size="sm">{t("verification.documents.empty")}</Text>;
  } else {
    content = (
      <>
        <Text size="sm">
          {flow === "identity"
            ? t("verification.documents.identityText")
            : t("verification.documents.enhancedText")}
        </Text>
        <List
          spacing={6}
          size="sm"
          aria-label={t("verification.documents.listLabel")}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal.9" aria-hidden>
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          {shown.map((document) => (
            <List.Item key={document.id}>
              {document.two_sided
                ? `${document.name} (${t("verification.documents.twoSided")})`
                : document.name}
            </List.Item>
          ))}
        </List>
      </>
    );
  }

  return (
    <Stack gap="xs" aria-labelledby={headingId} component="section">
      <Title order={headingOrder} size="h5" id={headingId}>
        {t("verification.documents.title")}
      </Title>
      {content}
    </Stack>
  );
};
