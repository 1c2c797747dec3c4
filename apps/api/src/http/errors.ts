import { type AmountLimitData, LIMIT_FIELD_KEYS } from "@vela/shared/limits";

/**
 * The few kinds of failure the API reports on purpose. Services throw these; the one error handler
 * (plugins/error-handler.ts) maps them to the spec's error shape and status. Anything else is a bug
 * and answers a 500 that hides its details.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra headers the answer must carry (Retry-After on 429, WWW-Authenticate on 401). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = "Unauthenticated.") {
    super(401, message, undefined, { "WWW-Authenticate": "Bearer" });
  }
}

export class NotAllowedError extends AppError {
  constructor(message = "This action is not allowed.") {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}

/** A request that is well-formed but whose data breaks a rule: 422 with the failing fields. */
export class InvalidDataError extends AppError {
  constructor(errors: FieldErrors, message = "The given data was invalid.") {
    super(422, message, errors);
  }
}

/**
 * Spec §5: an amount outside its limits. A 422 like any invalid data, with the limit's message by
 * its field ('Min send amount is 10.00'), and the limit itself as data beside it (`limit` in the
 * envelope), so a client puts the limit in the field without reading it back out of the message.
 */
export class AmountLimitError extends InvalidDataError {
  constructor(
    readonly limit: AmountLimitData,
    message: string,
  ) {
    super({ [LIMIT_FIELD_KEYS[limit.field]]: [message] });
  }
}

export class InsufficientFundsError extends AppError {
  constructor(message = "Insufficient funds.") {
    super(422, message);
  }
}

export class ProviderDeclinedError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/**
 * A service we depend on (the SMS gateway, the mail server) failed or did not answer in time, and
 * what the request asked for was not done: 503 with Retry-After, for the caller to try again.
 */
export class ProviderUnavailableError extends AppError {
  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(503, message, undefined, { "Retry-After": String(options?.retryAfterSeconds ?? 30) });
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
