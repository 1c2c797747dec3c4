import type { RateTable } from "../providers/fx/rate-provider";

/**
 * What an answer was built from: the rate table (swapped whole on each refresh) and the corridor
 * terms' version (`corridorTermsVersion`, replaced whenever the terms change). Both are compared
 * by identity, so an answer is never served once either has moved on.
 */
export type AnswerVersion = { table: RateTable; terms: object };

type Entry = { version: AnswerVersion; body: string; expiresAt: number };

export type AnswerCache = {
  /** The body kept for `key`, only if it was built from `version` and is younger than the TTL. */
  get: (key: string, version: AnswerVersion) => string | undefined;
  set: (key: string, version: AnswerVersion, body: string) => void;
  /** Whether any answer is kept for `key`, whatever it was built from and however old. */
  has: (key: string) => boolean;
  readonly size: number;
};

/**
 * Serialized answers of a public, anonymous calculation, kept for `ttlMs` per normalised query.
 * Many visitors price the same few amounts (the home page's default, round figures) between two
 * rate refreshes, and each would otherwise pay for the decimal arithmetic and the response
 * schema's check again. At most `maxEntries` are kept (the oldest go first), so a caller sending
 * every amount there is cannot grow it without bound.
 */
export function createAnswerCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): AnswerCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (
        entry.expiresAt <= now() ||
        entry.version.table !== version.table ||
        entry.version.terms !== version.terms
      ) {
        entries.delete(key);
        return undefined;
      }
      return entry.body;
    },
    set(key, version, body) {
      // Re-inserted at the end, so the Map's order stays the order of age.
      entries.delete(key);
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { version, body, expiresAt: now() + options.ttlMs });
    },
    has(key) {
      return entries.has(key);
    },
    get size() {
      return entries.size;
    },
  };
}
