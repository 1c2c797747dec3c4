import * as auth from "./auth";
import type { Endpoint } from "./endpoint";
import * as health from "./health";
import * as kyb from "./kyb";
import * as orders from "./orders";
import * as payments from "./payments";
import * as pricing from "./pricing";
import * as purchases from "./purchases";
import * as recipients from "./recipients";
import * as reference from "./reference";
import * as senders from "./senders";
import * as verification from "./verification";
import * as wallets from "./wallets";

export type { Endpoint, EndpointInput, EndpointResult, HttpMethod } from "./endpoint";
export { endpoint, endpointName, pathOf } from "./endpoint";

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value;

/** Every endpoint of the contract, by domain: what the API's contract test walks. */
export const CONTRACT = {
  auth,
  health,
  kyb,
  orders,
  payments,
  pricing,
  purchases,
  recipients,
  reference,
  senders,
  verification,
  wallets,
};

/** The contract's endpoints as one list, each with the name it is exported under. */
export const contractEndpoints = (): { name: string; endpoint: Endpoint }[] =>
  Object.entries(CONTRACT).flatMap(([domain, module]) =>
    Object.entries(module)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })),
  );
