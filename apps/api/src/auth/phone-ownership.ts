import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";

/** A number can be verified on one account only: it receives that account's codes. */
export const PHONE_TAKEN = "This phone number is already used by another account.";

/**
 * Whether an account other than `userId` has verified this number. Asked before a code is spent,
 * so a refused number does not cost the user their code; the partial unique index
 * `users_verified_phone_unique` settles a race past this check.
 */
export async function isPhoneVerifiedElsewhere(
  db: Db,
  userId: number,
  phone: { phone_prefix: string; phone_number: string },
): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phonePrefix, phone.phone_prefix),
        eq(users.phoneNumber, phone.phone_number),
        isNotNull(users.phoneVerifiedAt),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return other !== undefined;
}
