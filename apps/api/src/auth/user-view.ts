import type { AuthUser, OnboardingStatus, Permissions, SessionCheck } from "@vela/shared/auth";
import { DEFAULT_PERMISSIONS, PERMISSION_KEYS } from "@vela/shared/auth";
import type { OrganizationRow, UserRow } from "./sessions";

export const avatarUrl = (avatarId: string | null) => (avatarId ? `/api/avatars/${avatarId}` : null);

export function toAuthUser(user: UserRow, organization: OrganizationRow | null): AuthUser {
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    organization_name: organization?.name ?? null,
    country_id: user.countryId,
    phone_prefix: user.phonePrefix,
    phone_number: user.phoneNumber,
    avatar_url: avatarUrl(user.avatarId),
    tfa_enabled: user.tfaEnabled,
    tfa_method: user.tfaEnabled ? user.tfaMethod : null,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    phone_verified_at: user.phoneVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** The default-true permissions with the account's own overrides applied. */
export function permissionsOf(user: UserRow): Permissions {
  const permissions = { ...DEFAULT_PERMISSIONS };
  for (const key of PERMISSION_KEYS) {
    const override = user.permissions[key];
    if (typeof override === "boolean") permissions[key] = override;
  }
  return permissions;
}

export function onboardingOf(user: UserRow): OnboardingStatus {
  const emailVerified = user.emailVerifiedAt !== null;
  const phoneVerified = user.phoneVerifiedAt !== null;
  return {
    // Spec §3: on-boarding lives in the client state for clients only.
    available: user.role === "client",
    email_verified: emailVerified,
    phone_verified: phoneVerified,
    profile_completed: user.profileCompletedAt !== null,
    status: !emailVerified ? "pending_email" : !phoneVerified ? "pending_phone" : "complete",
  };
}

export function toSessionCheck(user: UserRow, organization: OrganizationRow | null): SessionCheck {
  return {
    role: user.role,
    user_type: user.role,
    user: toAuthUser(user, organization),
    permissions: permissionsOf(user),
    onboarding: onboardingOf(user),
  };
}
