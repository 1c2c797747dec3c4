import { describe, expect, it } from "vitest";
import { createAnswerCache } from "../src/pricing/answer-cache";
import type { RateTable } from "../src/providers/fx/rate-provider";

// The public calculator's answer cache: an answer is served only while the rate table and the
// corridor terms it was built from are still the current ones, and only for its TTL.
const table = (day: string): RateTable => ({ source: "test", asOf: new Date(day), rates: new Map() });

describe("answer cache", () => {
  it("serves a kept answer for the same table and terms within its TTL, and not after", () => {
    let clock = 0;
    const cache = createAnswerCache({ ttlMs: 5000, maxEntries: 10, now: () => clock });
    const version = { table: table("2024-11-25"), terms: {} };
    cache.set("en:q", version, '{"a":1}');
    clock = 4999;
    expect(cache.get("en:q", version)).toBe('{"a":1}');
    expect(cache.get("es:q", version)).toBeUndefined();
    clock = 5000;
    expect(cache.get("en:q", version)).toBeUndefined();
  });

  it("never serves an answer built from another rate table or other corridor terms", () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 10 });
    const terms = {};
    const before = { table: table("2024-11-25"), terms };
    cache.set("q", before, "old");
    // A refresh swaps in a new table object, even one with the same figures and date.
    expect(cache.get("q", { table: table("2024-11-25"), terms })).toBeUndefined();
    cache.set("q", before, "old");
    // Changed terms replace the terms' version object.
    expect(cache.get("q", { table: before.table, terms: {} })).toBeUndefined();
    // A refused entry is dropped, not kept for a later match.
    expect(cache.get("q", before)).toBeUndefined();
  });

  it("keeps at most maxEntries answers, dropping the oldest", () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    const version = { table: table("2024-11-25"), terms: {} };
    cache.set("a", version, "A");
    cache.set("b", version, "B");
    cache.set("c", version, "C");
    expect(cache.size).toBe(2);
    expect(cache.get("a", version)).toBeUndefined();
    expect(cache.get("c", version)).toBe("C");
  });
});
