import type { AuthSession, changePasswordRequest } from "@vela/shared/auth";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { assertConfirmation, assertStrongPassword, sessionMeta, signIn } from "../auth/accounts";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { type Authenticated, revokeUserSessions } from "../auth/sessions";
import { users } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import { assertPassword } from "./confirmation";
import { sendSecurityNotice } from "./notices";

/**
 * `PUT /settings/password/change-password`. A changed password ends every session, this one
 * included (whoever else held a token is out), and this device gets a fresh session in the answer.
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  { user, organization }: Authenticated,
  input: z.infer<typeof changePasswordRequest>,
): Promise<AuthSession> {
  await assertPassword(app, request, user, input.current_password, "current_password");
  assertConfirmation(input.password, input.password_confirmation);
  if (await verifyPassword(user.passwordHash, input.password)) {
    throw new InvalidDataError({ password: ["Choose a password different from the current one."] });
  }
  assertStrongPassword(input.password, [user.email.split("@")[0] ?? "", user.firstName, user.lastName]);

  const passwordHash = await hashPassword(input.password);
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    await revokeUserSessions(tx, user.id, "password_changed");
    return row!;
  });
  // After the commit: should this fail, the password is changed and the user signs in with it.
  const session = await signIn(app, updated, organization, sessionMeta(request));
  await sendSecurityNotice(app, updated.email, { kind: "password_changed" }, request.ctx.language);
  return session;
}
