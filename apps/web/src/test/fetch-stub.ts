/**
 * A bare `fetch` stub with answers per path, for the API client's own tests: they need raw answers
 * that the contract handlers (`contract-handlers.ts`) would refuse or cannot give (an answer outside
 * the contract, a 200 with `success: false`, non-JSON, made-up paths, network failures). Every other
 * test answers through MSW.
 */
export type StubRoute = { status?: number; body: unknown };

/** An answer worked out from the request, for endpoints whose answer depends on the query. */
export type StubHandler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers?: Headers;
}) => StubRoute;

/**
 * Stubs `fetch` with answers per path (query string included when the key has one), recording
 * every request. Unknown paths answer a JSON 404 in the API's error shape.
 */
export const stubApi = (routes: Record<string, StubRoute | StubHandler>) => {
  const requests: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ url, method: init.method ?? "GET", headers: new Headers(init.headers), body });
    const path = url.split("?")[0] ?? url;
    const route = routes[url] ?? routes[path];
    const answer =
      typeof route === "function"
        ? route({
            url: new URL(url, "http://localhost"),
            method: init.method ?? "GET",
            body,
            headers: new Headers(init.headers),
          })
        : route;
    if (!answer) {
      return new Response(JSON.stringify({ success: false, message: "Not found" }), { status: 404 });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetchStub, requests };
};

/** The API's success envelope. */
export const ok = (data: unknown, message: string | null = null) => ({
  body: { success: true, message, data },
});
