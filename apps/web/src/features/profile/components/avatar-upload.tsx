import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconPhoto, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { PROFILE_QUERY_KEY } from "../api/get-profile";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, uploadAvatar } from "../api/upload-avatar";

const isAllowedType = (type: string) => AVATAR_TYPES.some((allowed) => allowed === type);

/** "2.4 MB", one decimal. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

type AvatarUploadProps = { avatarUrl: string | null; initials: string };

/**
 * The profile picture: choose a file, see it before sending, then upload. The type and size are
 * checked here first so that a wrong file is explained at once, in words, not after an upload.
 */
export const AvatarUpload = ({ avatarUrl, initials }: AvatarUploadProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  // Each preview is an object URL that holds the file in memory until it is revoked.
  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (!chosen) return;
    if (!isAllowedType(chosen.type)) {
      setFile(null);
      setProblem(t("profile.avatar.wrongType"));
      return;
    }
    if (chosen.size > AVATAR_MAX_BYTES) {
      setFile(null);
      setProblem(
        t("profile.avatar.tooBig", { size: megabytes(chosen.size), max: megabytes(AVATAR_MAX_BYTES) }),
      );
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setIsUploading(true);
    setProblem(null);
    try {
      await uploadAvatar(file);
      setFile(null);
      notifySuccess(t("profile.avatar.saved"));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        sessionHandlers().reloadSession(),
      ]);
    } catch (error) {
      notifyApiError(error);
      const fieldError = isApiError(error) ? error.errors?.avatar?.[0] : undefined;
      setProblem(fieldError ?? (isApiError(error) ? error.serverMessage : null) ?? t("errors.unexpected"));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Group gap="lg" align="flex-start" wrap="nowrap">
      <Avatar
        src={previewUrl ?? avatarUrl}
        alt={previewUrl ? t("profile.avatar.previewAlt") : t("profile.avatar.alt")}
        size={88}
        radius={44}
        color="vela"
      >
        {initials}
      </Avatar>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600}>{t("profile.avatar.title")}</Text>
        <Text size="sm" c="dimmed">
          {t("profile.avatar.hint", { max: megabytes(AVATAR_MAX_BYTES) })}
        </Text>
        <Group gap="sm">
          <FileButton onChange={choose} accept={AVATAR_TYPES.join(",")}>
            {(props) => (
              <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden />} {...props}>
                {t("profile.avatar.choose")}
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={isUploading}
                onClick={upload}
              >
                {t("profile.avatar.upload")}
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setFile(null)} disabled={isUploading}>
                {t("profile.avatar.cancel")}
              </Button>
            </>
          ) : null}
        </Group>
        {file ? (
          <Text size="xs" c="dimmed" data-testid="avatar-file">
            {file.name} · {megabytes(file.size)}
          </Text>
        ) : null}
        {problem ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            p="xs"
          >
            {problem}
          </Alert>
        ) : null}
      </Stack>
    </Group>
  );
};
