import type { Language } from "@vela/shared/api";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { businessTypes, users } from "../db/schema/index";
import { BUSINESS_TYPE_NAMES_ES } from "../db/seed/business-types";
import { ConflictError } from "../http/errors";
import type { CodePurpose } from "./codes";
import { isPhoneVerifiedElsewhere, PHONE_TAKEN } from "./phone-ownership";
import type { UserRow } from "./sessions";

/** The kinds of company a business account can register as, named and sorted in the language. */
export async function listBusinessTypes(db: Db, language: Language) {
  const rows = await db.select().from(businessTypes).orderBy(asc(businessTypes.name));
  if (language === "en") return rows;
  const spanish = BUSINESS_TYPE_NAMES_ES as Record<string, string>;
  return rows
    .map((row) => ({ ...row, name: spanish[row.slug] ?? row.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
}

/** Marks the e-mail address or the phone number verified, once its code was accepted. */
export async function markVerified(db: Db, user: UserRow, purpose: CodePurpose): Promise<void> {
  if (purpose === "verify_phone") {
    // One verified number per account: another account may have verified it meanwhile.
    const { phonePrefix, phoneNumber } = user;
    const phone =
      phonePrefix && phoneNumber ? { phone_prefix: phonePrefix, phone_number: phoneNumber } : null;
    if (phone && (await isPhoneVerifiedElsewhere(db, user.id, phone))) throw new ConflictError(PHONE_TAKEN);
  }
  try {
    await db
      .update(users)
      .set(
        purpose === "verify_email"
          ? { emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }
          : { phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` },
      )
      .where(eq(users.id, user.id));
  } catch (error) {
    // The unique index on verified numbers: another account won a race past the check above.
    if (isUniqueViolation(error)) throw new ConflictError(PHONE_TAKEN);
    throw error;
  }
}
