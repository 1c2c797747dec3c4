// What the HTTP benches share: reading a numeric setting, calling the API, a bounded pool of
// concurrent work, and registering a client through the API.
import { randomBytes } from "node:crypto";

export const BENCH_PASSWORD = "Tangerine-Orbit-42";

/** A positive number from the environment, or the fallback; exits with a message when it is not one. */
export function positiveSetting(bench, name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`bench ${bench}: ${name} must be a positive number, not ${JSON.stringify(raw)}.`);
    process.exit(1);
  }
  return value;
}

/** Calls the API; answers `data` of the envelope, or throws with the answer's body. */
export async function api(baseUrl, method, path, { token, body, key } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text).data : null;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** A new US client registered through the API (signed in): `{ token, id }`. */
export async function registerClient(baseUrl, { bench, countryId, index }) {
  const suffix = `${Date.now().toString(36)}${index}${randomBytes(2).toString("hex")}`;
  const session = await api(baseUrl, "POST", "/onboarding/client/register", {
    body: {
      first_name: "Ana",
      last_name: "García",
      email: `bench.${bench}.${suffix}@example.com`,
      password: BENCH_PASSWORD,
      password_confirmation: BENCH_PASSWORD,
      country_id: countryId,
      phone_prefix: "+1",
      phone_number: `2025${String(100000 + index).slice(-6)}`,
      terms: true,
    },
  });
  return { token: session.token, id: session.user.id };
}
