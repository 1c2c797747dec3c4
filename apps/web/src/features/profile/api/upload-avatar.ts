import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** The pictures POST /my-account/avatar takes: PNG, JPEG or WebP, at most 2 MB. */
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** POST /my-account/avatar as multipart/form-data, field "avatar". */
export const uploadAvatar = (file: File) => {
  const body = new FormData();
  body.append("avatar", file);
  return api.call(contract.uploadAvatar, { body });
};
