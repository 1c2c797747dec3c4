import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, clientBody, postClientRegistration, registerClient } from "./auth-support";
import { appForThisFile } from "./helper";

// Proves bad bytes are bad input: a NUL character or text that is not UTF-8, anywhere in the
// query, the path or the body, is a 422 on its field (PostgreSQL answered a 500), and the errors
// the framework and Node's HTTP parser raise before a route runs (bad URL encoding, an over-long
// path parameter, a body too large, a content type we do not take, headers or a query over Node's
// limit) answer the error envelope `{ success: false, message }` too.
let token: string;

const BAD_TEXT = "Must be text without NUL characters or invalid UTF-8.";

const app = appForThisFile();

beforeAll(async () => {
  token = (await registerClient(app)).session.token;
});

function expectEnvelope(body: string) {
  const parsed = JSON.parse(body);
  expect(parsed.success).toBe(false);
  expect(typeof parsed.message).toBe("string");
  expect(Object.keys(parsed).every((key) => ["success", "message", "errors"].includes(key))).toBe(true);
  return parsed;
}

describe("NUL and invalid UTF-8 are a 422 on their field", () => {
  it.each([
    ["a NUL", "/api/countries?search=Me%00xico"],
    ["a byte that is not UTF-8", "/api/countries?search=M%E9xico"],
    ["a cut-off UTF-8 sequence", "/api/countries?search=%E2%82"],
    ["a lone percent sign", "/api/countries?search=100%"],
  ])("in the query: %s", async (_name, url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: "The given data was invalid.",
      errors: { search: [BAD_TEXT] },
    });
  });

  it("keeps well-formed text, however unusual", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/api/countries?search=${encodeURIComponent("Curaç")}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((country: { iso2: string }) => country.iso2)).toEqual(["CW"]);
  });

  it("in a promo code", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/promo_code?code=WELCOME%00",
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: [BAD_TEXT] });
  });

  it("in a path parameter", async () => {
    const response = await app.inject({ method: "GET", url: "/api/quotations/1%00", headers: bearer(token) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ id: [BAD_TEXT] });
  });

  it("in a name at registration, and nothing is stored", async () => {
    const body = await clientBody(app, { first_name: "Ana\u0000" });
    const response = await postClientRegistration(app, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ first_name: [BAD_TEXT] });
  });

  it("in profile fields and reminders, nested or not", async () => {
    const profile = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: bearer(token),
      payload: { address: "1 Main St\u0000", city: "Lima" },
    });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toEqual({ address: [BAD_TEXT] });
    const reminder = await app.inject({
      method: "POST",
      url: "/api/user/reminders",
      headers: bearer(token),
      payload: { kind: "paybill", title: "Rent", note: "x\u0000", day_of_month: 3 },
    });
    expect(reminder.statusCode).toBe(422);
    expect(reminder.json().errors).toEqual({ note: [BAD_TEXT] });
  });

  it("for a lone surrogate escaped in JSON, which has no UTF-8 form", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: '{"city":"Lima\\ud800"}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ city: [BAD_TEXT] });
  });

  it("for raw bytes in a JSON body that are not UTF-8", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: Buffer.concat([Buffer.from('{"city":"Lim'), Buffer.from([0xe1, 0x28]), Buffer.from('"}')]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ body: [BAD_TEXT] });
  });

  it("in Spanish when asked", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/countries?search=%00",
      headers: { language: "es" },
    });
    expect(response.json().errors.search).toEqual(["Debe ser texto sin caracteres NUL ni UTF-8 inválido."]);
  });
});

describe("framework errors answer the envelope", () => {
  it.each([
    ["bad URL encoding in the path", "GET", "/api/quotations/%FF", undefined, undefined, 400],
    ["an unknown method on a known path", "DELETE", "/api/countries", undefined, undefined, 404],
    ["an over-long path parameter", "GET", `/api/quotations/${"9".repeat(300)}`, undefined, undefined, 414],
    [
      "a body over the limit",
      "POST",
      "/api/authentication/login",
      "application/json",
      "x".repeat(1_100_000),
      413,
    ],
    ["a content type we do not take", "POST", "/api/authentication/login", "application/xml", "<a/>", 415],
    ["an empty JSON body", "POST", "/api/authentication/login", "application/json", "", 400],
    [
      "prototype poisoning",
      "POST",
      "/api/authentication/login",
      "application/json",
      '{"__proto__":{"a":1}}',
      400,
    ],
  ])("%s", async (_name, method, url, contentType, payload, status) => {
    const response = await app.inject({
      method: method as "GET" | "POST" | "DELETE",
      url,
      headers: { ...(contentType ? { "content-type": contentType } : {}), ...bearer(token) },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toContain("application/json");
    expectEnvelope(response.body);
  });

  it("in Spanish for the router's own errors", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/quotations/%FF",
      headers: { language: "es" },
    });
    expect(response.json()).toEqual({ success: false, message: "La codificación de la URL no es válida." });
  });
});

describe("over a real socket, what Node's HTTP parser refuses answers the envelope", () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  it("a query over the 16 KiB header limit is a 431", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port, path: `/api/countries?search=${"a".repeat(20_000)}` },
        (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(431);
    expectEnvelope(body);
  });

  it("a request line that does not parse is a 400", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"),
      );
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expectEnvelope(raw.slice(raw.indexOf("\r\n\r\n") + 4));
  });
});
