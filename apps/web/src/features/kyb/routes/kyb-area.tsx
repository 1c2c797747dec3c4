import { Alert, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/shared/ui/page-header";
import { businessVerificationQueryOptions } from "../api/business-verification";
import { DetailsForm } from "../components/details-form";
import { DocumentsCard } from "../components/documents-card";
import { OwnersCard } from "../components/owners-card";
import { ProgressCard } from "../components/progress-card";

/**
 * A business's verification area (KYB): the progress and the submission, the registration
 * details, the documents, and the people who own or control it with their identity checks.
 * Composed into `/account/verification` for a business account (app/routes).
 */
export const KybArea = () => {
  const { t, i18n } = useTranslation();
  const query = useQuery(businessVerificationQueryOptions(i18n.language === "es" ? "es" : "en"));
  const data = query.data;
  // Before submitting anything may change; after, only the owners' identity checks go on.
  const editable = data !== undefined && data.status !== "verified" && data.status !== "blocked";
  return (
    <Stack gap="lg">
      <PageHeader title={t("kyb.title")} text={t("kyb.text")} />
      {data ? (
        <>
          <ProgressCard verification={data} />
          <DetailsForm details={data.details} disabled={!editable} />
          <DocumentsCard documents={data.documents} disabled={!editable} />
          <OwnersCard owners={data.owners} total={data.ownership_total} editable={editable} />
        </>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {t("kyb.loadError")}
        </Alert>
      ) : (
        <Skeleton height={240} radius="lg" />
      )}
    </Stack>
  );
};
