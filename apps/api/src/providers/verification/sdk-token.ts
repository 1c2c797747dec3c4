/**
 * The sandbox SDK page carries its access token in its address, like a provider's hosted link;
 * the request log writes addresses, so the token is cut out of them first.
 */
const SDK_TOKEN_IN_PATH = /(\/sandbox\/verification\/sdk\/)[^/?#]+/;

export const redactSdkUrl = (url: string) => url.replace(SDK_TOKEN_IN_PATH, "$1[redacted]");

type LoggedRequest = {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** Fastify's own request serializer, with the SDK token redacted from the address. */
export function redactSdkToken(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === "string" ? redactSdkUrl(request.url) : request.url,
    version:
      typeof request.headers?.["accept-version"] === "string" ? request.headers["accept-version"] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
