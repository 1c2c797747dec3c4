import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the API as both sides see it: the path of spec §7 (under `/api`, with `{name}`
 * for a path parameter) and the zod schemas of its parameters, query string, body and answer
 * (the envelope's `data`). The API's routes and the SPA's calls are checked against it.
 */
export type Endpoint = {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data` on success. */
  response: z.ZodType;
  /** The success status when it is not 200 (a creation's 201). */
  status?: 201;
};

/** Declares an endpoint, keeping its literal types for inference. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

/** What an endpoint declares besides its method, path and answer. */
type EndpointOptions = Pick<Endpoint, "params" | "query" | "body" | "status">;

/** The type `endpoint` infers for the same declaration: one flat object of read-only fields. */
type Declared<M extends HttpMethod, P, R, O> = {
  readonly [K in keyof ({ method: M; path: P; response: R } & O)]: ({
    method: M;
    path: P;
    response: R;
  } & O)[K];
};

/**
 * The compact declarations, one a method: `get(path, response, { params, query })`,
 * `post(path, response, { params, body, status })`, keeping the literal types `endpoint` keeps.
 */
const declaration =
  <const M extends HttpMethod>(method: M) =>
  <
    const P extends `/${string}`,
    const R extends z.ZodType,
    const O extends EndpointOptions = Record<never, never>,
  >(
    path: P,
    response: R,
    options?: O,
  ) =>
    endpoint({ method, path, response, ...options }) as Declared<M, P, R, O>;

export const get = declaration("GET");
export const post = declaration("POST");
export const put = declaration("PUT");
export const patch = declaration("PATCH");
export const del = declaration("DELETE");
/** What a caller sends: the parameters, query and body the endpoint declares, each as its schema takes it. */
export type EndpointInput<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: z.input<E["params"]> }
  : { params?: undefined }) &
  (E["query"] extends z.ZodType ? { query: z.input<E["query"]> } : { query?: undefined }) &
  (E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined });

/** What a successful call answers: the envelope's `data`. */
export type EndpointResult<E extends Endpoint> = z.output<E["response"]>;

/** The endpoint's path with its `{name}` parameters filled in (each encoded as a URL segment). */
export const pathOf = (spec: Endpoint, params?: Record<string, unknown>): string =>
  spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${spec.method} ${spec.path}: no "${name}"`);
    return encodeURIComponent(String(value));
  });

/** How an endpoint is named in messages: "GET /recipients/{id}". */
export const endpointName = (spec: Endpoint): string => `${spec.method} ${spec.path}`;
