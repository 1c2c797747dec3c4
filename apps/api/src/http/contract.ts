import { successEnvelope } from "@vela/shared/api";
import type { Endpoint } from "@vela/shared/contract/endpoint";
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

/** The route schema parts an endpoint of the contract declares, under Fastify's names. */
export type ContractSchema<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: E["params"] }
  : unknown) &
  (E["query"] extends z.ZodType ? { querystring: E["query"] } : unknown) &
  (E["body"] extends z.ZodType ? { body: E["body"] } : unknown) & {
    response: {
      [K in E["status"] extends 201 ? 201 : 200]: ReturnType<typeof successEnvelope<E["response"]>>;
    };
  };

/**
 * The answer of a route that sends bytes (an image, a PDF) rather than the JSON envelope: never
 * through the serializer, documented as binary of its type.
 */
export const binaryResponse = (mimeType: string, description: string) => ({
  200: {
    description,
    content: { [mimeType]: { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) } },
  },
});

/** The Fastify path of an endpoint: `/recipients/{id}` becomes `/recipients/:id` (under the /api prefix). */
export const urlOf = (endpoint: Endpoint): string => endpoint.path.replace(/\{(\w+)\}/g, ":$1");

/**
 * A route's params, querystring, body and success answer, taken from the contract the SPA calls
 * with, so the two cannot drift; the route adds its tags and summary.
 */
export function contractSchema<E extends Endpoint>(endpoint: E): ContractSchema<E> {
  const schema: Record<string, unknown> = {
    response: { [endpoint.status ?? 200]: successEnvelope(endpoint.response) },
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  // Built key by key so that an endpoint without a body declares none (Fastify reads a present key).
  return schema as ContractSchema<E>;
}

type ParamsShape<E extends Endpoint> = E["params"] extends z.ZodObject<infer Shape> ? Shape : never;

/** An endpoint with one of its path parameters fixed: its other parameters, if any are left. */
type FixedEndpoint<E extends Endpoint, P extends PropertyKey> = Omit<E, "params"> &
  (keyof Omit<ParamsShape<E>, P> extends never ? unknown : { params: z.ZodObject<Omit<ParamsShape<E>, P>> });

/**
 * One of the routes an endpoint with an enum path parameter stands for: where the contract says
 * `/{service}/orders/{id}`, the API registers `/gift-cards/orders/:id`, `/reload-phones/orders/:id`...
 * (each service its own handler). Give the result to `urlOf` and `contractSchema`.
 */
export function fixedEndpoint<E extends Endpoint, P extends keyof ParamsShape<E> & string>(
  endpoint: E,
  param: P,
  value: z.output<ParamsShape<E>[P]> & string,
): FixedEndpoint<E, P> {
  const { params, ...rest } = endpoint;
  const { [param]: _fixed, ...others } = (params as z.ZodObject).shape;
  const path = endpoint.path.replace(`{${param}}`, value);
  return (
    Object.keys(others).length > 0 ? { ...rest, path, params: z.object(others) } : { ...rest, path }
  ) as FixedEndpoint<E, P>;
}

/** A handler typed by its route's schema: the request's params, query, body and headers, and what it may answer. */
type SchemaHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** Fastify's route options (preValidation, config, onSend...); the schema is built from the contract. */
type RouteOptions = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    FastifySchema,
    ZodTypeProvider
  >,
  "schema"
>;

/** What a route adds to its endpoint: its documentation, and any Fastify option of its own. */
export type RouteDeclaration<Extra extends FastifySchema> = RouteOptions & {
  summary: string;
  description?: string;
  /** The OpenAPI tags, when not the area's. */
  tags?: string[];
  /**
   * Schema parts beyond the contract's (request headers, produces, hide...), or in place of one of
   * them (a route serving one service of an endpoint takes that service's narrower body).
   */
  schema?: Extra;
};

/** What every route of an area shares: its tags and, behind a session, its guard (or other options). */
type AreaDefaults = RouteOptions & { tags: string[] };

/**
 * The options of a route that moves money: only a money mover may call it (the auth plugin's
 * money-moving rule), and a repeated Idempotency-Key answers the first response.
 */
export const movesMoney = (app: FastifyInstance) =>
  ({ config: { idempotent: true }, preValidation: app.requireMoneyMover() }) satisfies RouteOptions;

/** The endpoint's schema with the declaration's parts in place of the contract's. */
type RouteSchema<E extends Endpoint, Extra extends FastifySchema> = Omit<ContractSchema<E>, keyof Extra> &
  Extra;

/**
 * The one way a route is declared from its contract endpoint: the method, path and schemas come
 * from the endpoint (so the route and the SPA's call cannot drift), the area's tags and guard from
 * `defaults`; a declaration may replace either and add Fastify options. The handler is typed by the
 * endpoint's schemas, so a field the contract lacks does not compile.
 *
 *     const serve = contractRoutes(app, { tags: ["history"], preValidation: app.requireAuth() });
 *     serve(contract.getOrderDetails, { summary: "One order" }, async (request) => ok(...));
 */
export function contractRoutes(app: FastifyInstance, { tags: areaTags, ...areaOptions }: AreaDefaults) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // biome-ignore lint/complexity/noBannedTypes: no extra schema parts is the usual case
  return <E extends Endpoint, Extra extends FastifySchema = {}>(
    endpoint: E,
    { summary, description, tags = areaTags, schema, ...options }: RouteDeclaration<Extra>,
    handler: SchemaHandler<RouteSchema<E, Extra>>,
  ) => {
    const routeSchema: FastifySchema = {
      tags,
      summary,
      ...(description === undefined ? {} : { description }),
      ...contractSchema(endpoint),
      ...schema,
    };
    // The handler was typed by this schema above; Fastify's inference cannot follow the spread.
    routes.route({
      method: endpoint.method,
      url: urlOf(endpoint),
      ...areaOptions,
      ...options,
      schema: routeSchema,
      handler: handler as SchemaHandler<FastifySchema>,
    });
  };
}
