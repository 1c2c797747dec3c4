import { successEnvelope } from "@vela/shared/api";
import type { Endpoint } from "@vela/shared/contract/endpoint";
import { z } from "zod";

/** The route schema parts an endpoint of the contract declares, under Fastify's names. */
type ContractSchema<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: E["params"] }
  : unknown) &
  (E["query"] extends z.ZodType ? { querystring: E["query"] } : unknown) &
  (E["body"] extends z.ZodType ? { body: E["body"] } : unknown) & {
    response: {
      [K in E["status"] extends 201 ? 201 : 200]: ReturnType<typeof successEnvelope<E["response"]>>;
    };
  };

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
