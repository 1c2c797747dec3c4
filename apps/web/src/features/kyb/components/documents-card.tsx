import { Badge, Button, Card, FileInput, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dateText } from "@vela/shared/dates";
import type { KybDocument, KybDocumentKind } from "@vela/shared/kyb";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { KYB_QUERY_KEY, uploadDocument } from "../api/business-verification";

/** What the API takes: 8 MB of JPEG, PNG or PDF (the API checks the content itself). */
const MAX_BYTES = 8 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,application/pdf";

const DocumentRow = ({ document, disabled }: { document: KybDocument; disabled: boolean }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadDocument,
    onSuccess: async () => {
      setFile(null);
      notifySuccess(t("kyb.documents.saved"));
      await queryClient.invalidateQueries({ queryKey: KYB_QUERY_KEY });
    },
  });
  const name = t(`kyb.documents.kinds.${document.kind}`);
  const choose = (chosen: File | null) => {
    setError(chosen && chosen.size > MAX_BYTES ? t("kyb.documents.tooLarge") : null);
    setFile(chosen);
  };
  return (
    <Stack gap="xs" component="li" style={{ listStyle: "none" }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{name}</Text>
        <Group gap="xs">
          <Badge variant="light" color={document.required ? "blue" : "gray"}>
            {document.required ? t("kyb.documents.required") : t("kyb.documents.optional")}
          </Badge>
          <Badge variant="light" color={document.uploaded ? "teal" : "orange"}>
            {document.uploaded
              ? t("kyb.documents.uploaded", {
                  date: dateText(document.uploaded.uploaded_at, i18n.language),
                })
              : t("kyb.documents.notUploaded")}
          </Badge>
        </Group>
      </Group>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          label={document.uploaded ? t("kyb.documents.replace") : t("kyb.documents.choose")}
          aria-label={`${name}: ${t("kyb.documents.choose")}`}
          accept={ACCEPT}
          value={file}
          onChange={choose}
          error={error}
          disabled={disabled}
          clearable
          style={{ flex: "1 1 14rem" }}
        />
        <Button
          variant="light"
          disabled={disabled || !file || error !== null}
          loading={upload.isPending}
          onClick={() => file && upload.mutate({ kind: document.kind satisfies KybDocumentKind, file })}
          aria-label={`${t("kyb.documents.upload")}: ${name}`}
        >
          {t("kyb.documents.upload")}
        </Button>
      </Group>
    </Stack>
  );
};

/** The business's documents: each kind, whether it is required and uploaded, and its upload. */
export const DocumentsCard = ({ documents, disabled }: { documents: KybDocument[]; disabled: boolean }) => {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="kyb-documents-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="kyb-documents-title">
          {t("kyb.documents.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("kyb.documents.text")}
        </Text>
        <Stack gap="lg" component="ul" p={0} m={0}>
          {documents.map((document) => (
            <DocumentRow key={document.kind} document={document} disabled={disabled} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
};
