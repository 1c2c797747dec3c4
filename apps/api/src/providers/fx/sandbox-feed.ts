import { createHash } from "node:crypto";
import { fromMinor, multiplyAmounts, roundAmount } from "@vela/shared/decimal";
import { ECB_SNAPSHOT, FIXINGS_PER_EURO, USD_FIXINGS } from "../../db/seed/ecb-2024-11-25";
import { type RateFeed, type RateTable, type TableRate, withPegs } from "./rate-provider";

/** The instant the snapshot was published (16:00 CET): the sandbox equals it exactly then. */
export const SANDBOX_ANCHOR = new Date(`${ECB_SNAPSHOT.publishedOn}T15:00:00Z`);

export type SandboxFeedOptions = {
  /** Same seed and same time, same rates: tests and demos are reproducible. */
  seed: string;
  /** The rates hold for one bucket and move at the next. */
  bucketMs?: number;
  /** How many past buckets' steps make up the current drift (one day of 5-minute buckets). */
  windowBuckets?: number;
  /** The largest move per bucket, in millionths (500 = 5 basis points). */
  stepMillionths?: number;
  /** The drift never leaves ± this, in millionths (30 000 = 3 %). */
  maxDriftMillionths?: number;
};

const DEFAULTS = {
  bucketMs: 5 * 60_000,
  windowBuckets: 288,
  stepMillionths: 500,
  maxDriftMillionths: 30_000,
} as const;

/** splitmix32's output function: a well-mixed 32-bit integer from any 32-bit integer. */
function mix32(input: number): number {
  let x = (input + 0x9e3779b9) | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}

/** A 32-bit key per seed and currency (SHA-256 once per table, not per step: a table has 8,640 steps). */
const keyOf = (seed: string, iso: string) =>
  createHash("sha256").update(`${seed}:${iso}`).digest().readUInt32BE(0);

/** A uniform step in [-max, max] for one currency (its key) and bucket: a hash, no state. */
function step(key: number, bucket: number, max: number): number {
  const unit = mix32(key ^ mix32(bucket)) / 2 ** 32;
  return Math.floor(unit * (2 * max + 1)) - max;
}

/**
 * A sandbox feed that moves around the committed ECB snapshot: each currency drifts by the sum of
 * the last day's random steps (a moving window, so a rate at any time is computed without replaying
 * history), clamped to a band. It is a pure function of seed and time: bucket n after the anchor has
 * the same rates on every machine, and at the anchor itself the table is the snapshot.
 */
export function sandboxTable(options: SandboxFeedOptions, at: Date): RateTable {
  const { bucketMs, windowBuckets, stepMillionths, maxDriftMillionths } = { ...DEFAULTS, ...options };
  const bucket = Math.max(0, Math.floor((at.getTime() - SANDBOX_ANCHOR.getTime()) / bucketMs));
  const asOf = new Date(SANDBOX_ANCHOR.getTime() + bucket * bucketMs);
  const source = `Vela sandbox feed around the ECB reference rates of ${ECB_SNAPSHOT.publishedOn} (seed ${options.seed})`;
  // The few floating currencies the ECB does not quote (Colombian peso) say where they come from.
  const fixingSource = `Vela sandbox feed around the ${USD_FIXINGS.source} × the ECB dollar rate (seed ${options.seed})`;
  const rates = new Map<string, TableRate>();
  for (const [iso, perBase] of Object.entries({ ...ECB_SNAPSHOT.rates, ...FIXINGS_PER_EURO })) {
    const key = keyOf(options.seed, iso);
    let drift = 0;
    for (let k = Math.max(1, bucket - windowBuckets + 1); k <= bucket; k += 1) {
      drift += step(key, k, stepMillionths);
    }
    drift = Math.max(-maxDriftMillionths, Math.min(maxDriftMillionths, drift));
    const factor = fromMinor(BigInt(1_000_000 + drift), 6);
    rates.set(iso, {
      perBase: roundAmount(multiplyAmounts(perBase, factor), 6, "half-even"),
      source: iso in FIXINGS_PER_EURO ? fixingSource : source,
    });
  }
  return withPegs(source, asOf, rates);
}

export function createSandboxFeed(options: SandboxFeedOptions): RateFeed {
  return { name: "sandbox", load: async (now) => sandboxTable(options, now) };
}
