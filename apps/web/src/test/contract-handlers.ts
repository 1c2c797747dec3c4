import { type Endpoint, type EndpointResult, endpointName } from "@vela/shared/contract/endpoint";
import type { AmountLimitData } from "@vela/shared/limits";
import { type HttpHandler, http, type RequestHandlerOptions } from "msw";
import type { z } from "zod";
import { apiPattern, recordRequest, recordViolation } from "./api-server";

/**
 * Test backends written against the contract (`@vela/shared/contract`): `handle(endpoint, resolve)`
 * answers the endpoint's method and path, hands `resolve` the request read through the endpoint's
 * schemas, and wraps what it returns in the API's envelope. Success data is parsed with the
 * endpoint's response schema: an answer outside it is recorded, and the test fails (see `setup.ts`).
 */

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a resolver receives: parameters and query as the API reads them, the body as sent. */
export type HandledRequest<E extends Endpoint> = {
  params: Parsed<E["params"]>;
  query: Parsed<E["query"]>;
  /** The JSON body as the SPA sent it (unchecked: the real API would answer 422 to a wrong one). */
  body: Sent<E["body"]>;
  headers: Headers;
  url: URL;
};

/** A success answer with a message or a status other than the endpoint's. */
class Success<T> {
  constructor(
    readonly data: T,
    readonly message: string | null,
    readonly status?: number,
  ) {}
}

/** A failure in the spec's error envelope. */
class Failure {
  constructor(
    readonly status: number,
    readonly body: {
      success: false;
      message: string;
      errors?: Record<string, string[]>;
      limit?: AmountLimitData;
    },
    readonly headers?: Record<string, string>,
  ) {}
}

/** A success carrying the server's `message` (or a status other than the endpoint's). */
export const success = <T>(data: T, message: string | null = null, status?: number) =>
  new Success(data, message, status);

/** A failure answer: `status` and the spec's error envelope. */
export const failure = (
  status: number,
  message: string,
  extra: {
    errors?: Record<string, string[]>;
    limit?: AmountLimitData;
    headers?: Record<string, string>;
  } = {},
) => {
  const { headers, ...fields } = extra;
  return new Failure(status, { success: false, message, ...fields }, headers);
};

/** The API's 422 for a validation failure, by field (with the limit an amount broke, when one did). */
export const invalid = (errors: Record<string, string[]>, limit?: AmountLimitData) =>
  failure(422, "The given data was invalid.", limit ? { errors, limit } : { errors });

export type Reply<E extends Endpoint> = EndpointResult<E> | Success<EndpointResult<E>> | Failure;

export type Resolver<E extends Endpoint> = (request: HandledRequest<E>) => Reply<E> | Promise<Reply<E>>;

/** Reads a query string as an object, a repeated key as a list. */
const queryObject = (search: URLSearchParams) => {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
};

const issuesText = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(data)"}: ${issue.message}`)
    .join("; ");

/** The API's 422 for a query its schema refuses, keyed by field. */
const refused = (error: z.ZodError) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return invalid(errors);
};

const answer = (spec: Endpoint, reply: unknown): Response => {
  if (reply instanceof Failure)
    return Response.json(reply.body, { status: reply.status, headers: reply.headers });
  const { data, message, status } = reply instanceof Success ? reply : new Success(reply, null);
  const checked = spec.response.safeParse(data);
  if (!checked.success) {
    const violation = `${endpointName(spec)} answered outside its contract: ${issuesText(checked.error)}`;
    recordViolation(violation);
    return Response.json({ success: false, message: violation }, { status: 500 });
  }
  return Response.json({ success: true, message, data }, { status: status ?? spec.status ?? 200 });
};

/**
 * Answers `spec` with `resolve` (or always with the same reply). The parameters and the query are
 * parsed with the endpoint's schemas (a query refused answers the API's 422); every request is
 * recorded in `requests` (`api-server.ts`).
 */
export const handle = <E extends Endpoint>(
  spec: E,
  resolve: Resolver<E> | Reply<E>,
  options?: RequestHandlerOptions,
): HttpHandler =>
  http[spec.method.toLowerCase() as Lowercase<Endpoint["method"]>](
    apiPattern(spec.path),
    async ({ request, params }) => {
      // Parameters outside the schema are another endpoint's path (`/{service}/quotation` and
      // `/consignments/quotation`): leave the request to the next handler.
      const parsedParams = spec.params ? spec.params.safeParse(params) : undefined;
      if (parsedParams && !parsedParams.success) return undefined;
      const body = await recordRequest(request);
      // No answer data is a function, so a function is a resolver.
      if (typeof resolve !== "function") return answer(spec, resolve);
      const resolver = resolve as Resolver<E>;
      const url = new URL(request.url);
      const parsedQuery = spec.query ? spec.query.safeParse(queryObject(url.searchParams)) : undefined;
      if (parsedQuery && !parsedQuery.success) return answer(spec, refused(parsedQuery.error));
      try {
        const reply = await resolver({
          params: parsedParams?.data,
          query: parsedQuery?.data,
          body,
          headers: request.headers,
          url,
        } as HandledRequest<E>);
        return answer(spec, reply);
      } catch (error) {
        // A backend that throws is a broken test, not a server failure the page may shrug off.
        recordViolation(`${endpointName(spec)} threw: ${String(error)}`);
        throw error;
      }
    },
    options,
  );
