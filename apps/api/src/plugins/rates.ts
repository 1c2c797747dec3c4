import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { createEcbFeed, ECB_SOURCE, type FetchText } from "../providers/fx/ecb-feed";
import { createRateArchive } from "../providers/fx/rate-archive";
import { createScheduledRateProvider, type ScheduledRateProvider } from "../providers/fx/rate-provider";
import { createSandboxFeed } from "../providers/fx/sandbox-feed";

declare module "fastify" {
  interface FastifyInstance {
    rates: ScheduledRateProvider;
  }
}

export type RatesPluginOptions = {
  config: Config;
  /** Tests fix the clock (the sandbox is a function of time) or replay a recorded ECB answer. */
  now?: () => number;
  fetch?: FetchText;
};

/**
 * The exchange-rate provider chosen by FX_PROVIDER, loaded once before the app answers and then
 * refreshed on a schedule, so quoting reads rates from memory and never from the database.
 */
export const ratesPlugin = fp<RatesPluginOptions>(
  async (app: FastifyInstance, { config, now, fetch }) => {
    const feed =
      config.FX_PROVIDER === "ecb"
        ? createEcbFeed({ url: config.FX_ECB_URL, fetch })
        : createSandboxFeed({
            seed: config.FX_SANDBOX_SEED,
            stepMillionths: Math.round(config.FX_SANDBOX_STEP_BPS * 100),
          });
    const refreshSeconds = config.FX_REFRESH_SECONDS ?? (config.FX_PROVIDER === "ecb" ? 3600 : 60);
    const rates = createScheduledRateProvider(feed, {
      refreshMs: refreshSeconds * 1000,
      maxAgeMs: config.FX_MAX_AGE_SECONDS * 1000,
      now,
      // The error only: a feed's URL or answer is no secret, but keep the line short.
      onError: (error) =>
        app.log.warn({ err: error, feed: feed.name }, "exchange rates could not be refreshed"),
      // The sandbox's tables follow from seed and time; the ECB's daily ones are kept.
      archive: config.FX_PROVIDER === "ecb" ? createRateArchive(app.db, ECB_SOURCE) : undefined,
    });
    await rates.start();
    app.decorate("rates", rates);
    app.addHook("onClose", async () => rates.stop());
  },
  { name: "rates" },
);
