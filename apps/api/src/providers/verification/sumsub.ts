import { createHmac } from "node:crypto";
import { z } from "zod";
import { ProviderUnavailableError } from "../../http/errors";
import { digestMatches, parseApplicant, parseWebhookBody } from "./sumsub-webhook";
import type { VerificationProvider } from "./verification-provider";

/**
 * Sumsub's API (VERIFICATION_PROVIDER=sumsub). Every request carries X-App-Token, X-App-Access-Ts
 * (seconds since the epoch) and X-App-Access-Sig: the lowercase hex HMAC-SHA256, keyed with the
 * secret key, of ts + METHOD + path with its query + the raw body. Webhooks are checked with
 * SUMSUB_WEBHOOK_SECRET (X-Payload-Digest). The flows are Sumsub levels named "identity" and
 * "enhanced" in the dashboard.
 */
export type SumsubOptions = {
  appToken: string;
  secretKey: string;
  baseUrl: string;
  webhookSecret: string;
  /** Tests pass the clock; seconds since the epoch. */
  nowSeconds?: () => number;
  timeoutMs?: number;
};

export function signRequest(secretKey: string, ts: string, method: string, pathWithQuery: string, body = "") {
  return createHmac("sha256", secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`)
    .digest("hex");
}

const applicantCreated = z.object({ id: z.string().min(1) });
const tokenAnswer = z.object({ token: z.string().min(1) });
const linkAnswer = z.object({ url: z.url() });

export function createSumsubVerification(options: SumsubOptions): VerificationProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  /** One signed call; answers the status and the JSON body (null when not JSON). */
  const call = async (method: "GET" | "POST", pathWithQuery: string, payload?: unknown) => {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const ts = String(nowSeconds());
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          accept: "application/json",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          "X-App-Token": options.appToken,
          "X-App-Access-Ts": ts,
          "X-App-Access-Sig": signRequest(options.secretKey, ts, method, pathWithQuery, body),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(
        "Identity verification is not available right now. Try again later.",
        {
          cause: error,
        },
      );
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  };

  const expect = <T>(schema: z.ZodType<T>, answer: { status: number; json: unknown }, what: string): T => {
    const parsed = answer.status >= 200 && answer.status < 300 ? schema.safeParse(answer.json) : null;
    if (!parsed?.success) {
      throw new ProviderUnavailableError(
        "Identity verification is not available right now. Try again later.",
        {
          cause: new Error(`sumsub ${what} answered ${answer.status}`),
        },
      );
    }
    return parsed.data;
  };

  const byExternalUserId = async (externalUserId: string) =>
    call("GET", `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`);

  return {
    name: "sumsub",

    async createApplicant({ externalUserId, flow }) {
      const created = await call("POST", `/resources/applicants?levelName=${encodeURIComponent(flow)}`, {
        externalUserId,
      });
      // 409: the person already has an applicant (made by an earlier call or by the SDK).
      if (created.status === 409) {
        return {
          applicantId: expect(applicantCreated, await byExternalUserId(externalUserId), "applicant").id,
        };
      }
      return { applicantId: expect(applicantCreated, created, "create applicant").id };
    },

    async accessToken({ externalUserId, flow, ttlSeconds }) {
      const answer = await call("POST", "/resources/accessTokens/sdk", {
        userId: externalUserId,
        levelName: flow,
        ttlInSecs: ttlSeconds,
      });
      const { token } = expect(tokenAnswer, answer, "access token");
      return { token, expiresAt: new Date((nowSeconds() + ttlSeconds) * 1000) };
    },

    async sdkUrl({ externalUserId, flow, ttlSeconds, language, returnUrl }) {
      const answer = await call("POST", `/resources/sdkIntegrations/levels/-/websdkLink?lang=${language}`, {
        levelName: flow,
        userId: externalUserId,
        ttlInSecs: ttlSeconds,
        redirect: { successUrl: returnUrl, rejectUrl: returnUrl },
      });
      return expect(linkAnswer, answer, "websdk link").url;
    },

    async applicant(applicantId) {
      const answer = await call("GET", `/resources/applicants/${encodeURIComponent(applicantId)}/one`);
      if (answer.status === 404) return null;
      const applicant = parseApplicant(expect(z.unknown(), answer, "applicant"));
      if (!applicant)
        throw new ProviderUnavailableError(
          "Identity verification is not available right now. Try again later.",
        );
      return applicant;
    },

    verifyWebhook(rawBody, headers) {
      if (!digestMatches(options.webhookSecret, rawBody, headers)) return { signed: false, event: null };
      return { signed: true, event: parseWebhookBody(rawBody) };
    },
  };
}
