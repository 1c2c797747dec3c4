import { type HttpHandler, http } from "msw";
import { setupServer } from "msw/node";

/** A request as a handler received it: the URL as the SPA wrote it (path and query), and the body. */
export type RecordedRequest = { url: string; method: string; headers: Headers; body: unknown };

/** Every request the handlers answered during the current test, in order. */
export const requests: RecordedRequest[] = [];

/** What went wrong with the test backend during the current test; `setup.ts` fails the test on any. */
const violations: string[] = [];

export const recordViolation = (message: string) => {
  violations.push(message);
};

/** Throws (failing the test) when a handler answered outside its contract or a request went unanswered. */
export const assertNoViolations = () => {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`The test backend broke the contract:\n${found.join("\n")}`);
};

export const resetRecords = () => {
  requests.length = 0;
  violations.length = 0;
};

/** Reads the body as sent: JSON as a value, a multipart upload as `FormData`, nothing as undefined. */
const readBody = async (request: Request): Promise<unknown> => {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) return await request.formData();
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
};

/** Records `request` (read from a clone, so a handler may read it too) and returns its body. */
export const recordRequest = async (request: Request): Promise<unknown> => {
  const url = new URL(request.url);
  const body = await readBody(request.clone());
  requests.push({
    url: `${url.pathname}${url.search}`,
    method: request.method,
    headers: request.headers,
    body,
  });
  return body;
};

/** The MSW pattern of an API path of spec §7 (`/recipients/{id}` → any origin's `/api/recipients/:id`). */
export const apiPattern = (path: string) => `*/api${path.replace(/\{(\w+)\}/g, ":$1")}`;

type RawAnswer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * A handler for an endpoint the contract does not declare (the dynamic form's option lists, the app's
 * own info): it answers `body` as given, so prefer `handle` for every contract endpoint.
 */
export const handleOutsideContract = (
  method: "GET" | "POST",
  path: string,
  resolve: (request: { url: URL; body: unknown }) => RawAnswer,
): HttpHandler =>
  http[method === "GET" ? "get" : "post"](apiPattern(path), async ({ request }) => {
    const body = await recordRequest(request);
    const answer = resolve({ url: new URL(request.url), body });
    return Response.json(answer.body, { status: answer.status ?? 200, headers: answer.headers });
  });

/** GET /app-info (outside the contract): what every page's shell asks the server at run time. */
export const appInfoHandler = (answer: RawAnswer) => handleOutsideContract("GET", "/app-info", () => answer);

/**
 * The API as the SPA's tests see it: an MSW server that answers `fetch` with the handlers a test
 * gives it (`server.use(...)`, see `contract-handlers.ts`); between tests it answers only the shell's
 * app info (a development server's: no sandbox banner). `setup.ts` starts it, resets its handlers
 * and the records above after each test, and fails a test that left a contract violation.
 */
export const server = setupServer(
  appInfoHandler({ body: { success: true, message: null, data: { sandbox: false } } }),
);
