import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * How an error is written to the log. Pino's standard serializer copies every enumerable property
 * and the message, and a failed query carries its SQL parameters in both (drizzle's
 * DrizzleQueryError: `params`, and a message "Failed query: … params: …"); PostgreSQL's own error
 * adds `detail` ("Key (lower(email))=(ana@example.com) already exists."). Parameters are e-mail
 * addresses, password hashes and codes, so only what says *what* failed is kept: the kind, a message
 * that holds no values, the SQLSTATE and the names of the table, column and constraint, the stack
 * frames (not the stack's first line, which repeats the message), and the same for each cause.
 */
export type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
};

// Properties that name what failed without carrying the data that failed.
const SAFE_PROPERTIES = [
  "code",
  "statusCode",
  "errno",
  "syscall",
  "severity",
  "table",
  "column",
  "constraint",
  "schema",
  "dataType",
  "routine",
] as const;

const MAX_CAUSE_DEPTH = 5;

function isSqlState(value: unknown): value is string {
  return typeof value === "string" && /^[0-9A-Z]{5}$/.test(value);
}

/**
 * PostgreSQL's data exceptions (class 22: "invalid input syntax for type uuid: "…"", "value "…" is
 * out of range") quote the value they refused; the quotes' content is dropped.
 */
function safeDatabaseMessage(message: string, sqlState: string): string {
  if (!sqlState.startsWith("22")) return message;
  return message.replace(/"(?:[^"]|"")*"/g, '"[redacted]"').replace(/: 0x[0-9a-f ]+$/i, ": [redacted]");
}

function stackFrames(stack: unknown): string {
  if (typeof stack !== "string") return "";
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

function serialize(error: Error, depth: number): SerializedError {
  const properties: Record<string, unknown> = {};
  for (const name of SAFE_PROPERTIES) {
    const value: unknown = Reflect.get(error, name);
    if (typeof value === "string" || typeof value === "number") properties[name] = value;
  }
  const code: unknown = Reflect.get(error, "code");
  let message = error.message;
  if (error instanceof DrizzleQueryError) message = "Failed query (its SQL and parameters are not logged)";
  else if (isSqlState(code) && typeof Reflect.get(error, "severity") === "string") {
    message = safeDatabaseMessage(message, code);
  }
  const serialized: SerializedError = {
    ...properties,
    type: error.constructor?.name ?? error.name,
    message,
    stack: stackFrames(error.stack),
  };
  if (error.cause instanceof Error && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serialize(error.cause, depth + 1);
  }
  return serialized;
}

/** Pino's `err` serializer: see the type above for what is kept. */
export function serializeError(error: Error): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  return serialize(error, 0);
}
