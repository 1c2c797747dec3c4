import { successEnvelope } from "@vela/shared/api";
import type { Endpoint } from "@vela/shared/contract/endpoint";
import type { z } from "zod";

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

/**
 * The schema of one route an endpoint stands for with its only path parameter, an enum, filled in by
 * the route's own path (`/{service}/senders` served as `/gift-cards/senders`...): the contract's
 * schema without that parameter.
 */
export function filledContractSchema<E extends Endpoint>(endpoint: E): Omit<ContractSchema<E>, "params"> {
  const { params: _filled, ...schema } = contractSchema(endpoint) as ContractSchema<E> & { params?: unknown };
  return schema;
}
