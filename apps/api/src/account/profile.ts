import type { AccountOrganization, Profile, profileUpdateRequest } from "@vela/shared/auth";
import { dateOfBirthProblem } from "@vela/shared/date-of-birth";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { OrganizationRow, UserRow } from "../auth/sessions";
import { avatarUrl } from "../auth/user-view";
import type { Db } from "../db/client";
import { countries, users } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import { syncSelfSender } from "../senders/repository";

type ProfileChanges = z.infer<typeof profileUpdateRequest>;

export function toProfile(user: UserRow): Profile {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    date_of_birth: user.dateOfBirth,
    address: user.address,
    city: user.city,
    postal_code: user.postalCode,
    country_id: user.countryId,
    occupation: user.occupation,
    phone_prefix: user.phonePrefix,
    phone_number: user.phoneNumber,
    avatar_url: avatarUrl(user.avatarId),
    profile_completed: user.profileCompletedAt !== null,
  };
}

export function toAccountOrganization(organization: OrganizationRow | null): AccountOrganization | null {
  if (!organization) return null;
  return {
    name: organization.name,
    business_type_id: organization.businessTypeId,
    tax_id: organization.taxId,
    state_id: organization.stateId,
    city_id: organization.cityId,
    address: organization.address,
  };
}

/** The date `years` after `date` (a 29 February birthday falls on 1 March in common years). */
async function assertProfileRules(db: Db, changes: ProfileChanges) {
  const errors: Record<string, string[]> = {};
  if (changes.date_of_birth !== undefined) {
    const problem = dateOfBirthProblem(changes.date_of_birth);
    if (problem) errors.date_of_birth = [problem];
  }
  if (changes.country_id !== undefined) {
    const [country] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, changes.country_id));
    if (!country) errors.country_id = ["Unknown country."];
  }
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

/**
 * Writes the fields that were sent and leaves the others as they are. `complete` marks the
 * profile as completed (the first time only), which `POST /profile` does once every field is in.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  changes: ProfileChanges,
  complete: boolean,
): Promise<UserRow> {
  await assertProfileRules(db, changes);
  // A client's own sender (senders/repository.ts) follows the profile in the same transaction.
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        firstName: changes.first_name,
        lastName: changes.last_name,
        dateOfBirth: changes.date_of_birth,
        address: changes.address,
        city: changes.city,
        postalCode: changes.postal_code,
        countryId: changes.country_id,
        occupation: changes.occupation,
        ...(complete ? { profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new Error(`User ${userId} vanished during a profile update`);
    if (updated.role === "client") await syncSelfSender(tx, updated);
    return updated;
  });
}
