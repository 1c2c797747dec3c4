import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

// Proves the configuration is validated at start-up with one clear line per problem.
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
    try {
      loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable("loadConfig accepted a bad environment");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.find((problem) => problem.startsWith("PORT:"))).toBeTruthy();
      expect(problems).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect((error as Error).message.split("\n")).toHaveLength(4);
    }
  });

  it("refuses production without real e-mail and SMS transports, so no code is kept in the outbox", () => {
    const production = { NODE_ENV: "production", APP_SECRET: "x".repeat(32) };
    try {
      loadConfig(production);
      expect.unreachable("production started without SMTP_URL and SMS_WEBHOOK_URL");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^SMTP_URL: is required in production/);
      expect(problems[1]).toMatch(/^SMS_WEBHOOK_URL: is required in production/);
    }
    const configured = loadConfig({
      ...production,
      SMTP_URL: "smtp://mail.example.com:587",
      SMS_WEBHOOK_URL: "https://sms.example.com/send",
    });
    expect(configured.SMTP_URL).toBe("smtp://mail.example.com:587");
    // Development keeps the outbox working with neither.
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});
