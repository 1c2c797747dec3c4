import { describe, expect, it } from "vitest";
import {
  ConfigError,
  isSandboxedProduction,
  loadConfig,
  sandboxesAllowed,
  sandboxesInUse,
} from "../src/config";
import { SANDBOX_PROVIDER_VARIABLES } from "./sandbox-providers";

// Proves the configuration is validated at start-up with one clear line per problem.

/** What production always sets; each test adds the transports and sandboxes it is about. */
const PRODUCTION_BASE = { NODE_ENV: "production", APP_SECRET: "x".repeat(32) };

/** The error loadConfig refuses an environment with; `accepted` says what it should not have allowed. */
function refusalOf(env: Record<string, string>, accepted: string) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  return expect.unreachable(accepted);
}

describe("loadConfig", () => {
  it("starts with no configuration at all, on the embedded database", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DATA_DIR).toMatch(/var[/\\]pglite$/);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("reports every problem, one line each", () => {
    const error = refusalOf(
      { PORT: "http", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" },
      "loadConfig accepted a bad environment",
    );
    const problems = error.problems;
    expect(problems).toHaveLength(3);
    expect(problems.find((problem) => problem.startsWith("PORT:"))).toBeTruthy();
    expect(problems).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(error.message.split("\n")).toHaveLength(4);
  });

  it("refuses production without real e-mail and SMS transports, so no code is kept in the outbox", () => {
    const production = {
      ...PRODUCTION_BASE,
      ALLOW_SANDBOX_PROVIDERS: "true",
      SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
    };
    const { problems } = refusalOf(production, "production started without SMTP_URL and SMS_WEBHOOK_URL");
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SMTP_URL: is required in production/);
    expect(problems[1]).toMatch(/^SMS_WEBHOOK_URL: is required in production/);
    const configured = loadConfig({
      ...production,
      SMTP_URL: "smtp://mail.example.com:587",
      SMS_WEBHOOK_URL: "https://sms.example.com/send",
    });
    expect(configured.SMTP_URL).toBe("smtp://mail.example.com:587");
    // Development keeps the outbox working with neither.
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  describe("sandbox providers in production", () => {
    const production = {
      ...PRODUCTION_BASE,
      SMTP_URL: "smtp://mail.example.com:587",
      SMS_WEBHOOK_URL: "https://sms.example.com/send",
    };
    const problemsOf = (env: Record<string, string>) =>
      refusalOf(env, "production started with sandbox providers and no opt-in").problems;

    it("refuses to start, one line per sandbox naming its variable and how to fix it", () => {
      const problems = problemsOf(production);
      expect(problems.map((problem) => problem.split(":")[0])).toEqual(SANDBOX_PROVIDER_VARIABLES);
      for (const problem of problems) {
        expect(problem).toMatch(
          /^[A-Z_]+: is a sandbox in production \(.+\); set .+, or ALLOW_SANDBOX_PROVIDERS=true on a staging server$/,
        );
      }
      expect(problems.at(-1)).toContain("set FX_PROVIDER=ecb");
      // A real rate feed leaves only the payment and purchase sandboxes to refuse.
      expect(problemsOf({ ...production, FX_PROVIDER: "ecb" })).toHaveLength(
        SANDBOX_PROVIDER_VARIABLES.length - 1,
      );
      // The refusal says which variable; `ALLOW_SANDBOX_PROVIDERS=false` is no opt-in.
      expect(problemsOf({ ...production, ALLOW_SANDBOX_PROVIDERS: "false" })).toHaveLength(
        SANDBOX_PROVIDER_VARIABLES.length,
      );
      expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PROVIDERS: "maybe" })).toThrow(
        /ALLOW_SANDBOX_PROVIDERS/,
      );
    });

    it("asks a staging server for its own webhook secret: the development one is public", () => {
      expect(problemsOf({ ...production, ALLOW_SANDBOX_PROVIDERS: "true" })).toEqual([
        "SANDBOX_WEBHOOK_SECRET: is required on a staging server (the development value would let anyone sign the sandboxes' webhooks)",
      ]);
      expect(loadConfig({ NODE_ENV: "development" }).SANDBOX_WEBHOOK_SECRET).toBe(
        "vela-sandbox-webhook-secret",
      );
    });

    it("starts a staging server that opted in, which then counts as sandboxed production", () => {
      const staging = loadConfig({
        ...production,
        ALLOW_SANDBOX_PROVIDERS: "true",
        SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
      });
      expect(staging.ALLOW_SANDBOX_PROVIDERS).toBe(true);
      expect(sandboxesInUse(staging)).toEqual(SANDBOX_PROVIDER_VARIABLES);
      expect(isSandboxedProduction(staging)).toBe(true);
      expect(sandboxesAllowed(staging)).toBe(true);
      expect(
        sandboxesInUse(
          loadConfig({
            ...production,
            ALLOW_SANDBOX_PROVIDERS: "1",
            FX_PROVIDER: "ecb",
            SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
          }),
        ),
      ).not.toContain("FX_PROVIDER");
    });

    it("lets development and test run their sandboxes without the opt-in, and without the banner", () => {
      for (const NODE_ENV of ["development", "test"]) {
        const config = loadConfig({ NODE_ENV });
        expect(config.ALLOW_SANDBOX_PROVIDERS).toBe(false);
        expect(sandboxesInUse(config)).toEqual(SANDBOX_PROVIDER_VARIABLES);
        expect(sandboxesAllowed(config)).toBe(true);
        expect(isSandboxedProduction(config)).toBe(false);
      }
    });
  });
});
