/** Validation messages per field, as the API sends them: `{ "email": ["…", "…"] }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * A failed API call. `status` is the HTTP status (0 when the request never got an answer, for
 * example when the network is down); `message` and `errors` are the server's, when it sent them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly errors: FieldErrors | null;
  /** Seconds the server asked us to wait (`Retry-After` on a 429), or null when it did not say. */
  readonly retryAfterSeconds: number | null;
  /**
   * The session ran out and could not be renewed. The session-expired modal already tells the
   * user, so screens and the notification layer stay quiet about it.
   */
  readonly isSessionExpired: boolean;
  /** The whole failure envelope, for callers that read more than message and errors (admonitions). */
  readonly body: Record<string, unknown> | null;

  constructor(options: {
    status: number;
    message: string | null;
    errors: FieldErrors | null;
    retryAfterSeconds?: number | null;
    isSessionExpired?: boolean;
    body?: Record<string, unknown> | null;
    cause?: unknown;
  }) {
    super(options.message ?? `Request failed with status ${options.status}`, { cause: options.cause });
    this.name = "ApiError";
    this.status = options.status;
    this.serverMessage = options.message;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.isSessionExpired = options.isSessionExpired ?? false;
    this.body = options.body ?? null;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** A failure the session-expired modal speaks for: screens wait for the new session instead of showing it. */
export const isSessionExpiredError = (value: unknown): boolean =>
  value instanceof ApiError && value.isSessionExpired;
