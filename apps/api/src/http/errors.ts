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

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
