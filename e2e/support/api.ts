import type { devMailbox } from "./mailbox";

/**
 * Set-up through the API, shared by the journeys: a typed call that unwraps the envelope (and
 * fails the journey on an error answer), the codes of the development outbox, and a client made
 * the way on-boarding leaves one (e-mail and phone verified).
 */

type Envelope<T> = { success: boolean; message: string | null; data: T };
type OutboxMessage = { id: number; channel: "email" | "sms"; to: string; text: string };

export type Api = <T = unknown>(
  method: string,
  path: string,
  options?: { token?: string; body?: unknown },
) => Promise<T>;

/** Calls `${baseUrl}/api${path}` and answers the envelope's `data`; any error answer throws. */
export function apiClient(baseUrl: string): Api {
  return async <T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const answer = (await response.json()) as Envelope<T>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
}

/** The first six-digit number of a message: its code (as the mailbox page reads it). */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

/** The newest code the development outbox holds for `to` that the journey has not used yet. */
export function outboxCodes(api: Api, mailbox: ReturnType<typeof devMailbox>) {
  return (to: string) =>
    mailbox.freshCode(
      to,
      async () => {
        const messages = await api<OutboxMessage[]>("GET", "/dev/outbox?limit=100");
        const found = messages.find((message) => message.to === to && codeIn(message.text) !== null);
        return found ? (codeIn(found.text) ?? "") : "";
      },
      250,
    );
}

export type NewClient = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** ISO alpha-2 of the country of residence; the phone is that country's. */
  countryIso: string;
  phonePrefix: string;
  phoneNumber: string;
  /** Verify the e-mail and phone with the outbox's codes (default true). */
  verified?: boolean;
};

/** Registers a client through the API (and verifies it unless told not to); answers its token. */
export async function registerClient(
  api: Api,
  outboxCode: (to: string) => Promise<string>,
  client: NewClient,
): Promise<string> {
  const countries = await api<{ id: number; iso2: string }[]>("GET", "/countries");
  const country = countries.find((entry) => entry.iso2 === client.countryIso);
  if (!country) throw new Error(`${client.countryIso} is missing from the countries list`);
  const { token } = await api<{ token: string }>("POST", "/onboarding/client/register", {
    body: {
      first_name: client.firstName,
      last_name: client.lastName,
      email: client.email,
      password: client.password,
      password_confirmation: client.password,
      country_id: country.id,
      phone_prefix: client.phonePrefix,
      phone_number: client.phoneNumber,
      terms: true,
    },
  });
  if (client.verified === false) return token;
  await api("POST", "/onboarding/client/email/verify-email", {
    token,
    body: { code: await outboxCode(client.email) },
  });
  await api("POST", "/onboarding/client/phone/send-code", { token });
  await api("POST", "/onboarding/client/phone/verify-phone", {
    token,
    body: { code: await outboxCode(`${client.phonePrefix}${client.phoneNumber}`) },
  });
  return token;
}
