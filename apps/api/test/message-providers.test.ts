import { once } from "node:events";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verificationCodes } from "../src/db/schema/index";
import { ProviderUnavailableError } from "../src/http/errors";
import { EMAIL_NOT_SENT_MESSAGE } from "../src/providers/email/email-provider";
import { createSmsProvider, SMS_NOT_SENT_MESSAGE } from "../src/providers/sms/sms-provider";
import {
  bearer,
  clientBody,
  GOOD_PASSWORD,
  postAs,
  postClientRegistration,
  registerClient,
} from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// Proves that a real SMS gateway or mail server that fails (an error status, no answer in time, a
// refused or dropped connection) answers a typed 503 in the envelope rather than a bare 500, leaves
// nothing half done (no code stored, no pending phone or address), and does not spend the 60 s
// resend wait: asking again at once is sent, or fails the same way, never a 429.

type GatewayMode = "ok" | "error" | "hang" | "drop";

/** A stand-in SMS gateway whose behaviour each test chooses. */
function startGateway() {
  const state = { mode: "ok" as GatewayMode, received: [] as { to: string; text: string }[] };
  const server = createHttpServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (state.mode === "hang") return; // never answers
      if (state.mode === "drop") return request.socket.destroy();
      if (state.mode === "error") return response.writeHead(500).end("gateway down");
      state.received.push(JSON.parse(body));
      response.writeHead(202).end();
    });
  });
  return { server, state };
}

type SmtpMode = "busy" | "hang";

/** A stand-in mail server: "busy" refuses at the greeting (421), "hang" accepts and says nothing. */
function startSmtp() {
  const state = { mode: "busy" as SmtpMode };
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (state.mode === "busy") socket.end("421 mail.test Service not available, closing channel\r\n");
  });
  return { server, state, sockets };
}

async function listen(server: HttpServer | TcpServer): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const gateway = startGateway();
const smtp = startSmtp();
let smsApp: TestApp;
let mailApp: TestApp;

beforeAll(async () => {
  const [gatewayPort, smtpPort] = await Promise.all([listen(gateway.server), listen(smtp.server)]);
  smsApp = await buildTestApp({
    SMS_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/sms`,
    MESSAGE_TIMEOUT_SECONDS: "1",
  });
  mailApp = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MESSAGE_TIMEOUT_SECONDS: "1" });
});
afterAll(async () => {
  await Promise.all([smsApp?.close(), mailApp?.close()]);
  gateway.server.closeAllConnections();
  for (const socket of smtp.sockets) socket.destroy();
  await Promise.all([
    new Promise((resolve) => gateway.server.close(resolve)),
    new Promise((resolve) => smtp.server.close(resolve)),
  ]);
});

async function codesOf(app: TestApp, email: string, purpose: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return app.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user!.id), eq(verificationCodes.purpose, purpose)));
}

function expectNotSent(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  message: string,
) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ success: false, message });
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

describe("an SMS gateway that fails", () => {
  it.each(["error", "hang", "drop"] as const)(
    "answers 503 when it %s, stores no code and lets the user ask again at once",
    async (mode) => {
      const { body, session } = await registerClient(smsApp, {}, { phoneVerified: false });
      const send = () => postAs(smsApp, session.token, "/api/onboarding/client/phone/send-code");
      gateway.state.mode = mode;
      const failed = await send();
      expectNotSent(failed, SMS_NOT_SENT_MESSAGE);
      expect(await codesOf(smsApp, body.email, "verify_phone")).toEqual([]);

      gateway.state.mode = "ok";
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(gateway.state.received.at(-1)?.to).toBe(`${body.phone_prefix}${body.phone_number}`);
      expect(await codesOf(smsApp, body.email, "verify_phone")).toHaveLength(1);
    },
  );

  it("leaves no pending phone change behind, and the change goes through once the gateway is back", async () => {
    const { body, session } = await registerClient(smsApp, {}, { phoneVerified: false });
    const change = () =>
      postAs(smsApp, session.token, "/api/profile/change-phone", {
        phone_prefix: "+1",
        phone_number: "2025550187",
        password: GOOD_PASSWORD,
      });
    gateway.state.mode = "error";
    expectNotSent(await change(), SMS_NOT_SENT_MESSAGE);
    const [kept] = await smsApp.db.select().from(users).where(eq(users.email, body.email));
    expect(kept?.pendingPhoneNumber).toBeNull();
    expect(await codesOf(smsApp, body.email, "change_phone")).toEqual([]);

    gateway.state.mode = "ok";
    expect((await change()).statusCode).toBe(200);
    const [pending] = await smsApp.db.select().from(users).where(eq(users.email, body.email));
    expect(pending?.pendingPhoneNumber).toBe("2025550187");
  });

  it("says so in Spanish when asked", async () => {
    const { session } = await registerClient(smsApp, {}, { phoneVerified: false });
    gateway.state.mode = "error";
    const response = await smsApp.inject({
      method: "POST",
      url: "/api/onboarding/client/phone/send-code",
      headers: bearer(session.token, { language: "es" }),
    });
    gateway.state.mode = "ok";
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      "No pudimos enviar el mensaje de texto. Inténtalo de nuevo en unos minutos.",
    );
  });

  it("is a typed failure when the connection is refused", async () => {
    // Bind a port, then free it: nothing listens there any more.
    const closed = createHttpServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const provider = createSmsProvider(
      { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, NODE_ENV: "test", MESSAGE_TIMEOUT_SECONDS: 1 },
      smsApp.db,
    );
    const failure = await provider.send({ to: "+12025550143", text: "hello" }).catch((error) => error);
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect(failure.statusCode).toBe(503);
  });
});

describe("a mail server that fails", () => {
  it.each(["busy", "hang"] as const)(
    "when %s: an e-mail change answers 503, keeps no pending address and no wait",
    async (mode) => {
      smtp.state.mode = "busy";
      const { body, session } = await registerClientDespiteMail(mailApp);
      smtp.state.mode = mode;
      const change = () =>
        postAs(mailApp, session.token, "/api/settings/email-settings/change-email", {
          email: `new.${body.email}`,
          password: GOOD_PASSWORD,
        });
      expectNotSent(await change(), EMAIL_NOT_SENT_MESSAGE);
      // Asked again at once: the same failure, not "Wait 59 seconds".
      expectNotSent(await change(), EMAIL_NOT_SENT_MESSAGE);
      const [kept] = await mailApp.db.select().from(users).where(eq(users.email, body.email));
      expect(kept?.pendingEmail).toBeNull();
      expect(await codesOf(mailApp, body.email, "change_email")).toEqual([]);
    },
  );

  it("registration still opens the account, says the code was not sent, and a new one may be asked at once", async () => {
    smtp.state.mode = "busy";
    const { body, session, message } = await registerClientDespiteMail(mailApp);
    expect(message).toBe(
      "Welcome to Vela. We could not send your code yet; ask for a new one in a few minutes.",
    );
    expect(await codesOf(mailApp, body.email, "verify_email")).toEqual([]);
    const resend = await postAs(mailApp, session.token, "/api/onboarding/client/email/resend-email");
    expectNotSent(resend, EMAIL_NOT_SENT_MESSAGE);
  });
});

/** Registration with the mail server down: 201, the account made, the welcome saying no code went. */
async function registerClientDespiteMail(app: TestApp) {
  const body = await clientBody(app);
  const response = await postClientRegistration(app, body);
  expect(response.statusCode).toBe(201);
  return { body, session: response.json().data, message: response.json().message as string };
}
