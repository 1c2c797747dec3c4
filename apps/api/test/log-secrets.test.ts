import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { users } from "../src/db/schema/index";
import { registerClient } from "./auth-support";
import { openFreshDatabase, type TestApp, testConfig } from "./helper";

// Proves that a failed query is logged without its SQL parameters: the error log says what failed
// (the kind, the SQLSTATE, the constraint, the stack) but never the e-mail address, the argon2id
// hash or any other value the query carried, neither from drizzle's error nor from PostgreSQL's.
let app: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: "error" }),
    database: await openFreshDatabase(),
    logStream: { write: (line) => lines.push(line) },
  });
  // A second account with the same e-mail and password hash: the unique index refuses it, and
  // drizzle's error holds both as parameters while PostgreSQL's `detail` repeats the address.
  app.post<{ Body: { email: string } }>("/api/test/duplicate-user", async (request) => {
    const [existing] = await app.db.select().from(users).where(eq(users.email, request.body.email));
    if (!existing) throw new Error("no such user");
    const { id: _id, ...copy } = existing;
    await app.db.insert(users).values(copy);
    return { success: true };
  });
  // A data exception: PostgreSQL quotes the refused value in its message.
  app.post<{ Body: { email: string } }>("/api/test/bad-cast", async (request) => {
    await app.db.execute(sql`select ${request.body.email}::integer`);
    return { success: true };
  });
  await app.ready();
});
afterAll(() => app.close());

describe("the error log of a failed query", () => {
  it("keeps the failure and drops the parameters, the hash and PostgreSQL's detail", async () => {
    const { body } = await registerClient(app);
    const [user] = await app.db.select().from(users).where(eq(users.email, body.email));
    const hash = user?.passwordHash ?? "";
    expect(hash).toMatch(/^\$argon2id\$/);
    lines.length = 0;

    const duplicate = await app.inject({
      method: "POST",
      url: "/api/test/duplicate-user",
      payload: { email: body.email },
    });
    const cast = await app.inject({
      method: "POST",
      url: "/api/test/bad-cast",
      payload: { email: body.email },
    });
    expect(duplicate.statusCode).toBe(500);
    expect(cast.statusCode).toBe(500);

    const logged = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(logged).not.toContain(body.email);
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain("$argon2id");
    expect(logged).not.toContain(body.phone_number);
    expect(logged).not.toMatch(/params:|"params"|"detail"|Key \(/);

    // What failed is still there, under the request id.
    const entries = lines.map((line) => JSON.parse(line));
    const [unique, invalid] = entries.filter((entry) => entry.msg === "unhandled error");
    expect(unique.reqId).toBeTruthy();
    expect(unique.err.type).toBe("DrizzleQueryError");
    expect(unique.err.stack).toMatch(/^\s+at /);
    expect(unique.err.cause).toMatchObject({ code: "23505", constraint: "users_email_lower_unique" });
    expect(invalid.err.cause.code).toBe("22P02");
    expect(invalid.err.cause.message).toContain("invalid input syntax for type integer");
  });
});
