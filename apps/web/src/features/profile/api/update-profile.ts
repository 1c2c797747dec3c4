import type { profileCompleteRequest, profileUpdateRequest } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";

/** PUT /profile: changes only the fields sent. */
export const updateProfile = (body: z.output<typeof profileUpdateRequest>) =>
  api.call(contract.updateProfile, { body });

/** POST /profile: completes the profile; every field is needed. */
export const completeProfile = (body: z.output<typeof profileCompleteRequest>) =>
  api.call(contract.completeProfile, { body });
