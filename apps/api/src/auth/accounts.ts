import type {
  AgentRegistration,
  AuthSession,
  BusinessRegistration,
  ClientRegistration,
  TfaChallenge,
} from "@vela/shared/auth";
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from "@vela/shared/auth";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { screenSubject } from "../compliance/sanctions/service";
import type { Db } from "../db/client";
import {
  businessTypes,
  cities,
  countries,
  organizations,
  states,
  users,
  verificationCodes,
} from "../db/schema/index";
import {
  ConflictError,
  InvalidDataError,
  ProviderUnavailableError,
  UnauthenticatedError,
} from "../http/errors";
import { claimIpTry, settleTry } from "./attempts";
import { findPendingCode, issueCode, resendWaitSeconds } from "./codes";
import { maskEmail, maskPhone } from "./masking";
import { sendCode } from "./notifications";
import { decoyPasswordHash, hashPassword, verifyPassword, weakPasswordReason } from "./passwords";
import { hashToken, randomToken, type Secrets } from "./secrets";
import { createSession, type OrganizationRow, type SessionMeta, type UserRow } from "./sessions";
import { claimTry, lockedByThisTry, releaseTry } from "./throttles";
import { toSessionCheck } from "./user-view";

export const sessionMeta = (request: FastifyRequest): SessionMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .leftJoin(organizations, eq(organizations.userId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .leftJoin(organizations, eq(organizations.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new UnauthenticatedError();
  return row;
}

/** Refuses a new password that is common or personal, as a 422 on `field`. */
export function assertStrongPassword(password: string, personal: string[], field = "password") {
  const reason = weakPasswordReason(password, personal);
  if (reason) throw new InvalidDataError({ [field]: [reason] });
}

export function assertConfirmation(password: string, confirmation: string | undefined) {
  if (confirmation !== undefined && confirmation !== password) {
    throw new InvalidDataError({ password_confirmation: ["Does not match the password."] });
  }
}

/** A new session for a user, answered as the spec's signed-in state. */
export async function signIn(
  app: FastifyInstance,
  user: UserRow,
  organization: OrganizationRow | null,
  meta: SessionMeta,
): Promise<AuthSession> {
  const { tokens } = await createSession(app.db, app.config, user.id, meta);
  return { ...tokens, ...toSessionCheck(user, organization) };
}

type Registration =
  | { role: "client"; input: ClientRegistration }
  | { role: "agent"; input: AgentRegistration }
  | { role: "business"; input: BusinessRegistration };

async function assertReferences(db: Db, registration: Registration) {
  const { input } = registration;
  const errors: Record<string, string[]> = {};
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, input.country_id));
  if (!country) errors.country_id = ["Unknown country."];
  if (registration.role === "agent") {
    const { state_id, city_id } = registration.input;
    if (state_id !== undefined) {
      const [state] = await db
        .select({ id: states.id })
        .from(states)
        .where(and(eq(states.id, state_id), eq(states.countryId, input.country_id)));
      if (!state) errors.state_id = ["Unknown state for this country."];
    }
    if (city_id !== undefined) {
      const [city] = await db.select({ stateId: cities.stateId }).from(cities).where(eq(cities.id, city_id));
      if (!city || (state_id !== undefined && city.stateId !== state_id))
        errors.city_id = ["Unknown city for this state."];
    }
  }
  if (registration.role === "business") {
    const [type] = await db
      .select({ id: businessTypes.id })
      .from(businessTypes)
      .where(eq(businessTypes.id, registration.input.business_type_id));
    if (!type) errors.business_type_id = ["Unknown business type."];
  }
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

/**
 * Opens an account of any kind, signs it in and e-mails the code that verifies the address.
 * The account, its organisation and the code are written together or not at all.
 */
export async function register(app: FastifyInstance, request: FastifyRequest, registration: Registration) {
  const { input, role } = registration;
  assertConfirmation(input.password, input.password_confirmation);
  assertStrongPassword(input.password, [input.email.split("@")[0] ?? "", input.first_name, input.last_name]);
  await assertReferences(app.db, registration);
  if (await findUserByEmail(app.db, input.email)) {
    throw new ConflictError("This e-mail address is already registered.", {
      email: ["This e-mail address is already registered."],
    });
  }
  const passwordHash = await hashPassword(input.password);
  const created = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        role,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        countryId: input.country_id,
        phonePrefix: input.phone_prefix,
        phoneNumber: input.phone_number,
      })
      .onConflictDoNothing()
      .returning();
    // Two registrations racing for one address: the unique index lets one through.
    if (!user)
      throw new ConflictError("This e-mail address is already registered.", {
        email: ["This e-mail address is already registered."],
      });
    let organization: OrganizationRow | undefined;
    if (registration.role === "agent") {
      [organization] = await tx
        .insert(organizations)
        .values({
          userId: user.id,
          name: registration.input.agency_name,
          stateId: registration.input.state_id ?? null,
          cityId: registration.input.city_id ?? null,
          address: registration.input.address,
        })
        .returning();
    } else if (registration.role === "business") {
      [organization] = await tx
        .insert(organizations)
        .values({
          userId: user.id,
          name: registration.input.legal_name,
          businessTypeId: registration.input.business_type_id,
          taxId: registration.input.tax_id.toUpperCase(),
        })
        .returning();
    }
    // Sanctions screening of the new account holder (and a business's legal name): a possible
    // match goes to the review queue; the account is opened all the same (no fuzzy auto-reject).
    await screenSubject(tx, { kind: "user", id: user.id, name: `${user.firstName} ${user.lastName}` });
    if (registration.role === "business") {
      await screenSubject(tx, { kind: "user", id: user.id, name: registration.input.legal_name });
    }
    return { user, organization: organization ?? null };
  });
  // The account stands whether or not the code goes out: answering the mail server's failure would
  // make the client's retry a 409. Nothing is stored for an unsent code, so on-boarding's "send
  // code" sends one at once, and the answer says which happened.
  let codeSent = true;
  try {
    await issueCode(app.db, app.secrets, {
      userId: created.user.id,
      purpose: "verify_email",
      channel: "email",
      destination: created.user.email,
      send: (code) => sendCode(app, "email", created.user.email, "verify_email", code, request.ctx.language),
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    request.log.warn({ err: error }, "registration code not sent");
    codeSent = false;
  }
  const session = await signIn(app, created.user, created.organization, sessionMeta(request));
  return { session, codeSent };
}

/**
 * What the login lock counts under: an HMAC of the address, not the account, so that an address
 * without an account locks exactly like one with (the lock must not tell them apart).
 */
export const loginLockSubject = (secrets: Secrets, email: string) =>
  secrets.hashCode(`login:${email.toLowerCase()}`);

/**
 * Checks e-mail and password with the brute-force defences: the IP's recent failures, then the
 * address's lock (five failures in a row lock it for fifteen minutes). The try is counted before
 * the password is judged, so forty tries sent at once get five judgements, not forty.
 */
export async function checkCredentials(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  password: string,
) {
  const ipTry = await claimIpTry(app.db, "login", request.ip, email);
  const claim = await claimTry(app.db, "login", loginLockSubject(app.secrets, email));
  const found = await findUserByEmail(app.db, email);
  const isRight = await verifyPassword(found?.user.passwordHash ?? (await decoyPasswordHash()), password);
  if (!found || !isRight) {
    if (claim.isLast) throw lockedByThisTry(claim);
    throw new UnauthenticatedError("These credentials do not match our records.");
  }
  await settleTry(app.db, ipTry);
  await releaseTry(app.db, claim);
  return found;
}

/** Where a code for this account goes on a channel: the e-mail, or the verified phone. */
export function codeDestination(user: UserRow, channel: "email" | "sms") {
  if (channel === "email") return { to: user.email, masked: maskEmail(user.email) };
  if (!user.phonePrefix || !user.phoneNumber || !user.phoneVerifiedAt) {
    throw new InvalidDataError({ channel: ["Your phone number is not verified; use e-mail."] });
  }
  return {
    to: `${user.phonePrefix}${user.phoneNumber}`,
    masked: maskPhone(user.phonePrefix, user.phoneNumber),
  };
}

/** Starts the second step of a login: a challenge token and, for e-mail or SMS, a code sent. */
export async function startTwoFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<TfaChallenge> {
  const method = user.tfaMethod ?? "email";
  const tfaToken = randomToken("vtf_");
  if (method === "totp") {
    await issueCode(app.db, app.secrets, {
      userId: user.id,
      purpose: "tfa_login",
      channel: "totp",
      destination: null,
      challengeHash: hashToken(tfaToken),
    });
    return {
      tfa_required: true,
      tfa_token: tfaToken,
      method,
      destination: null,
      seconds: 0,
      expires_in: CODE_TTL_SECONDS,
    };
  }
  const destination = codeDestination(user, method);
  // A second login within the resend wait takes over the code already sent rather than sending another.
  const pending = await findPendingCode(app.db, { userId: user.id, purpose: "tfa_login" });
  const wait = pending && pending.expiresAt > new Date() ? resendWaitSeconds(pending) : 0;
  if (pending && wait > 0 && pending.channel === method) {
    await app.db
      .update(verificationCodes)
      .set({ challengeHash: hashToken(tfaToken) })
      .where(eq(verificationCodes.id, pending.id));
    return {
      tfa_required: true,
      tfa_token: tfaToken,
      method,
      destination: destination.masked,
      seconds: wait,
      expires_in: Math.ceil((pending.expiresAt.getTime() - Date.now()) / 1000),
    };
  }
  await issueCode(app.db, app.secrets, {
    userId: user.id,
    purpose: "tfa_login",
    channel: method,
    destination: destination.to,
    challengeHash: hashToken(tfaToken),
    send: (code) => sendCode(app, method, destination.to, "tfa_login", code, request.ctx.language),
  });
  return {
    tfa_required: true,
    tfa_token: tfaToken,
    method,
    destination: destination.masked,
    seconds: CODE_RESEND_SECONDS,
    expires_in: CODE_TTL_SECONDS,
  };
}
