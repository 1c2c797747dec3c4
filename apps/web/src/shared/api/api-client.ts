import type { AuthSession } from "@vela/shared/auth";
import {
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  endpointName,
  pathOf,
} from "@vela/shared/contract/endpoint";
import { currentLanguage } from "@/shared/i18n/i18n";
import { ApiError, type FieldErrors } from "./api-error";
import { getAuthSnapshot, sessionHandlers } from "./auth-source";

/** Every path the SPA calls is relative to this base (spec §7). */
export const API_BASE = "/api";

/** Fixed `client` header of spec §7. */
export const CLIENT_HEADER = "WEB";

/** The path that renews a session; its answer rotates the refresh token. */
export const REFRESH_PATH = "authentication/refresh-token";

/** Name of the Web Lock that lets one tab at a time renew the session all tabs share. */
const REFRESH_LOCK_NAME = "vela-auth-refresh";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type RequestOptions = {
  query?: Query;
  /** A JSON-able value, or `FormData` for uploads (sent as multipart/form-data). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Sends no session headers. For calls that speak for nobody yet (log in, renew, recover a
   * password): an expired token or the role of a previous user must not make the API refuse them.
   */
  anonymous?: boolean;
  /**
   * Whether a 401 may renew the session and send the request again (default true). Off for the
   * renewal itself, for logging out, and for the one retry, so that nothing renews twice.
   */
  renew?: boolean;
  /**
   * Whether a request refused because the session ended waits for the person to sign in again in
   * the session-expired modal and is then sent again (default true). Off for the start-up session
   * check, whose failure means "signed out" (spec §4).
   */
  replayAfterSignIn?: boolean;
};

const buildUrl = (path: string, query?: Query): string => {
  const url = `${API_BASE}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      // Absent filters are left out rather than sent as "undefined" or an empty string.
      if (item === undefined || item === null || item === "") continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

/** The headers of spec §7 for the current language and session. */
export const buildHeaders = (hasJsonBody: boolean, anonymous = false): Headers => {
  const headers = new Headers({
    Accept: "application/json",
    language: currentLanguage(),
    client: CLIENT_HEADER,
  });
  if (hasJsonBody) headers.set("Content-Type", "application/json");
  if (anonymous) return headers;
  const auth = getAuthSnapshot();
  // The spec sends role and grant only "when a stored auth type holds a value".
  if (auth.type) {
    headers.set("role", auth.type);
    if (auth.userType) headers.set("grant", auth.userType);
  }
  if (auth.token) headers.set("Authorization", `Bearer ${auth.token}`);
  return headers;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads `errors` as `{ field: string[] }`, tolerating a bare string per field. */
const readFieldErrors = (value: unknown): FieldErrors | null => {
  if (!isRecord(value)) return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === "string" && message.length > 0,
    );
    if (list.length > 0) errors[field] = list;
  }
  return Object.keys(errors).length > 0 ? errors : null;
};

/** `Retry-After` is either whole seconds or an HTTP date; anything else is ignored. */
export const readRetryAfter = (value: string | null, nowMs = Date.now()): number | null => {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const dateMs = Date.parse(trimmed);
  return Number.isNaN(dateMs) ? null : Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type RenewOutcome = "renewed" | "expired";

let renewal: Promise<RenewOutcome> | null = null;
/**
 * Whether a refusal of the renewal in flight ends the session (opens the session-expired modal):
 * only when a refused request waits on it. A renewal ahead of expiry that is refused leaves that
 * to the next request, so a tab nobody is using does not open a modal by itself.
 */
let endsSessionOnRefusal = false;

/** Runs `work` while holding a lock every tab of this site shares (where the browser has Web Locks). */
const withCrossTabLock = async (work: () => Promise<RenewOutcome>): Promise<RenewOutcome> => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  return await locks.request(REFRESH_LOCK_NAME, work);
};

const renewSession = async (rejectedToken: string): Promise<RenewOutcome> => {
  // Another tab may have renewed the session already: its refresh token is then the only valid
  // one, and sending ours (spent) would look like a stolen token being replayed.
  await sessionHandlers().syncSession();
  const snapshot = getAuthSnapshot();
  if (snapshot.token && snapshot.token !== rejectedToken) return "renewed";
  if (!snapshot.token || !snapshot.refreshToken) return "expired";
  try {
    const session = await request<AuthSession>("POST", REFRESH_PATH, {
      body: { refresh_token: snapshot.refreshToken },
      anonymous: true,
      renew: false,
    });
    sessionHandlers().storeSession(session);
    return "renewed";
  } catch (error) {
    // A refusal (expired, revoked, already used) ends the session; a network or server failure
    // says nothing about it, so the session is kept and the caller sees that failure instead.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      return "expired";
    }
    throw error;
  }
};

/**
 * Renews the session that `rejectedToken` belongs to: after the server refused it, or shortly before
 * it runs out (see `renewSessionAhead`). Single-flight: callers share one renewal, within the tab
 * and behind a Web Lock across tabs, because the refresh token rotates on every use and a second
 * use of the old one would be refused (and could end the session).
 */
const shareRenewal = (token: string, isRequestWaiting: boolean): Promise<RenewOutcome> => {
  if (isRequestWaiting) endsSessionOnRefusal = true;
  if (!renewal) {
    renewal = withCrossTabLock(() => renewSession(token))
      .then((outcome) => {
        if (outcome === "expired" && endsSessionOnRefusal) sessionHandlers().expireSession();
        return outcome;
      })
      .finally(() => {
        renewal = null;
        endsSessionOnRefusal = false;
      });
  }
  return renewal;
};

export const renewAfterUnauthorized = (rejectedToken: string): Promise<RenewOutcome> =>
  shareRenewal(rejectedToken, true);

/**
 * Renews the session before its access token runs out, so that requests are not refused first.
 * `currentToken` is the token about to run out: when another tab has renewed already, nothing is
 * sent. A refusal (the session ended elsewhere) or a network failure is left to the next request:
 * its 401 opens the session-expired modal, and it is sent again after the person signs in.
 */
export const renewSessionAhead = async (currentToken: string): Promise<RenewOutcome | "failed"> => {
  try {
    return await shareRenewal(currentToken, false);
  } catch {
    return "failed";
  }
};

/** What a successful call answered: the envelope's `data` and its `message` (null when absent). */
export type Answer<T> = { data: T; message: string | null };

const exchange = async <T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> => {
  const formBody = typeof FormData !== "undefined" && options.body instanceof FormData ? options.body : null;
  const hasJsonBody = options.body !== undefined && !formBody;
  const headers = buildHeaders(hasJsonBody, options.anonymous);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const sentToken = options.anonymous ? null : getAuthSnapshot().token;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: formBody ?? (hasJsonBody ? JSON.stringify(options.body) : undefined),
      signal: options.signal,
    });
  } catch (cause) {
    // An abort is the caller's own decision (TanStack Query cancels stale queries): keep it as is.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({ status: 0, message: null, errors: null, cause });
  }

  const json = await readJson(response);
  const envelope = isRecord(json) ? json : null;
  const serverMessage = typeof envelope?.message === "string" && envelope.message ? envelope.message : null;

  // A signed-in request refused as unauthenticated: the access token has run out. Renew it once
  // and send the request again; if it cannot be renewed, the session-expired modal takes over.
  if (response.status === 401 && sentToken && options.renew !== false) {
    const outcome = await renewAfterUnauthorized(sentToken);
    if (outcome === "renewed") return exchange<T>(method, path, { ...options, renew: false });
    // The server refused the request before running it, so nothing was done: once the same person
    // signs in again in the session-expired modal it is sent again, and what they were doing (a
    // profile edit, say) is not lost.
    if (options.replayAfterSignIn !== false && (await sessionHandlers().waitForSignIn(options.signal))) {
      return exchange<T>(method, path, options);
    }
    throw new ApiError({
      status: 401,
      message: serverMessage,
      errors: null,
      isSessionExpired: true,
      body: envelope,
    });
  }

  if (!response.ok || envelope?.success === false) {
    throw new ApiError({
      status: response.status,
      message: serverMessage,
      errors: readFieldErrors(envelope?.errors),
      retryAfterSeconds: readRetryAfter(response.headers.get("Retry-After")),
      body: envelope,
    });
  }
  if (response.status === 204 || json === null) return { data: null as T, message: serverMessage };
  if (!envelope || !("data" in envelope)) {
    // A 2xx that is not our envelope (an HTML page from a misrouted proxy, say) is a failure too.
    throw new ApiError({ status: response.status, message: null, errors: null });
  }
  // The server envelope is { success, message, data }: callers get `data` (the spec's data.data).
  return { data: envelope.data as T, message: serverMessage };
};

/**
 * Whether answers are checked against the contract: in development and tests, where a mismatch is
 * a bug to see at once; a production build skips it (the API already answers through the same
 * schemas, and parsing every answer costs time on a phone).
 */
const CHECKS_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === "test";

/** An answer outside its endpoint's response schema: a bug in the API, the SPA or a test backend. */
export class ContractError extends Error {
  override name = "ContractError";
}

/**
 * Checks `data` against the endpoint's response schema. The answer itself is returned unparsed, so
 * development and production see the same values (a schema's defaults or transforms never apply).
 */
const checkAnswer = (spec: Endpoint, data: unknown): void => {
  const result = spec.response.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(data)"}: ${issue.message}`)
      .join("; ");
    throw new ContractError(`${endpointName(spec)} answered outside its contract: ${issues}`);
  }
};

/** How a contract call is sent, beside what the endpoint declares. */
export type CallOptions = Pick<
  RequestOptions,
  "signal" | "headers" | "anonymous" | "renew" | "replayAfterSignIn"
>;

/** The arguments after the endpoint: the input (optional when the endpoint declares none) and options. */
type CallArguments<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

const BODILESS: readonly string[] = ["GET", "DELETE"];

const exchangeCall = async <E extends Endpoint>(
  spec: E,
  ...[input, options]: CallArguments<E>
): Promise<Answer<EndpointResult<E>>> => {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: Query; body?: unknown };
  const answer = await exchange<EndpointResult<E>>(spec.method, pathOf(spec, { ...params }), {
    ...options,
    query,
    // A POST, PUT or PATCH always carries a JSON body, `{}` when it has nothing to say.
    body: BODILESS.includes(spec.method) ? body : (body ?? {}),
  });
  if (CHECKS_ANSWERS) checkAnswer(spec, answer.data);
  return answer;
};

const call = async <E extends Endpoint>(spec: E, ...rest: CallArguments<E>): Promise<EndpointResult<E>> =>
  (await exchangeCall(spec, ...rest)).data;

const request = async <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> =>
  (await exchange<T>(method, path, options)).data;

/**
 * THE api client of the SPA. Each helper resolves with the envelope's `data` and rejects with an
 * `ApiError`; show a failure to the user with `notifyApiError`.
 */
export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) =>
    request<T>("POST", path, { body: body ?? {}, query }),
  put: <T>(path: string, body?: unknown, query?: Query) =>
    request<T>("PUT", path, { body: body ?? {}, query }),
  patch: <T>(path: string, body?: unknown, query?: Query) =>
    request<T>("PATCH", path, { body: body ?? {}, query }),
  del: <T>(path: string, query?: Query) => request<T>("DELETE", path, { query }),
  /** Runs several requests in parallel; resolves with every result in order, or rejects with the first failure. */
  all: <const T extends readonly unknown[]>(requests: T) => Promise.all(requests),
  /**
   * Calls an endpoint of the contract (`@vela/shared/contract/*`): the input and the answer are
   * typed from its schemas, and in development and tests the answer is checked against them.
   */
  call,
  /** Like `call`, but resolves with the server's message too. */
  exchangeCall,
  /** For callers that need extra headers (`Idempotency-Key`), uploads, or no session headers. */
  request,
  /** Like `request`, but resolves with the message too (a save whose notice is the server's words). */
  exchange,
};
