import type { CodeSent, EmailSettings } from "@vela/shared/auth";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findUserByEmail } from "../auth/accounts";
import { issueCode } from "../auth/codes";
import { maskEmail } from "../auth/masking";
import { sendCode } from "../auth/notifications";
import type { UserRow } from "../auth/sessions";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema/index";
import { ConflictError, InvalidDataError } from "../http/errors";
import { assertPassword, consumeUserCode, freshCodeSent } from "./confirmation";
import { sendSecurityNotice } from "./notices";

export const toEmailSettings = (user: UserRow): EmailSettings => ({
  email: user.email,
  email_verified: user.emailVerifiedAt !== null,
  pending_email: user.pendingEmail,
});

const TAKEN = "This e-mail address is already registered.";
const taken = () => new ConflictError(TAKEN, { email: [TAKEN] });

async function assertEmailFree(db: Db, userId: number, email: string) {
  const found = await findUserByEmail(db, email);
  if (found && found.user.id !== userId) throw taken();
}

/**
 * `POST /settings/email-settings/change-email`: with the right password, keeps the new address
 * aside and sends it a code; the current address stays in force until the code comes back.
 */
export async function startEmailChange(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  input: { email: string; password: string },
): Promise<CodeSent> {
  await assertPassword(app, request, user, input.password);
  if (input.email === user.email.toLowerCase()) {
    throw new InvalidDataError({ email: ["This is already your e-mail address."] });
  }
  await assertEmailFree(app.db, user.id, input.email);
  // The code and the pending address are stored together, once the code is sent: a refused or
  // unsent code leaves no pending address.
  await issueCode(app.db, app.secrets, {
    userId: user.id,
    purpose: "change_email",
    channel: "email",
    destination: input.email,
    send: (code) => sendCode(app, "email", input.email, "change_email", code, request.ctx.language),
    alsoWrite: async (tx) => {
      await tx
        .update(users)
        .set({ pendingEmail: input.email, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
    },
  });
  return freshCodeSent("email", maskEmail(input.email));
}

/**
 * `POST /settings/email-settings/verify-email`: the code replaces the address (which counts as
 * verified, since the code reached it) and the old address is told.
 */
export async function verifyEmailChange(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  code: string,
): Promise<EmailSettings> {
  const pendingEmail = user.pendingEmail;
  if (!pendingEmail) throw new InvalidDataError({ code: ["No e-mail change is waiting. Start it again."] });
  // Checked before the code is spent, so a refused address does not cost the user their code.
  await assertEmailFree(app.db, user.id, pendingEmail);
  const row = await consumeUserCode(app, request, user, "change_email", code);
  if (row.destination?.toLowerCase() !== pendingEmail.toLowerCase()) {
    throw new InvalidDataError({ code: ["This code was sent to another address. Ask for a new one."] });
  }

  let updated: UserRow | undefined;
  try {
    updated = await app.db.transaction(async (tx) => {
      await assertEmailFree(tx, user.id, pendingEmail);
      const [row] = await tx
        .update(users)
        .set({
          email: pendingEmail,
          emailVerifiedAt: sql`now()`,
          pendingEmail: null,
          updatedAt: sql`now()`,
        })
        // The address the code went to must still be the one waiting: a newer change wins.
        .where(and(eq(users.id, user.id), eq(users.pendingEmail, pendingEmail)))
        .returning();
      return row;
    });
  } catch (error) {
    // Another account registered the address between the check and the update.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  if (!updated)
    throw new InvalidDataError({ code: ["Your e-mail change was started again. Use the newest code."] });
  await sendSecurityNotice(
    app,
    user.email,
    { kind: "email_changed", newEmail: updated.email },
    request.ctx.language,
  );
  return toEmailSettings(updated);
}
