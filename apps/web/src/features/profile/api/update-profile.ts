import type { profileCompleteRequest, profileUpdateRequest } from "@vela/shared/auth";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import type { Profile } from "./get-profile";

/** PUT /profile: changes only the fields sent. */
export const updateProfile = (body: z.output<typeof profileUpdateRequest>) =>
  api.put<Profile>("profile", body);

/** POST /profile: completes the profile; every field is needed. */
export const completeProfile = (body: z.output<typeof profileCompleteRequest>) =>
  api.post<Profile>("profile", body);
