import { jaroWinkler } from "@skyra/jaro-winkler";
import { doubleMetaphone } from "double-metaphone";

/**
 * How alike two names are, from 0 to 1, given their tokens (normalize.ts `nameTokens`). Order does
 * not count: the tokens are paired one to one, best pairs first. Each pair scores its Jaro-Winkler
 * similarity, raised halfway to 1 when their Double Metaphone codes agree (Mohammed / Muhammad) and
 * lowered a little when they do not (Castro / Castillo: the same start, another name). The name
 * scores its weakest pair: every paired token must be close, so a shared first name alone never
 * carries it. A name of several tokens needs two of them paired (a one-word name only matches a
 * one-word name), a listed person's surnames one of them, and tokens left unpaired (a middle name
 * one side lacks) cost a little.
 */
export function nameScore(
  screened: readonly string[],
  listed: readonly string[],
  /** A listed person's surnames: one of them must be paired, or the score is halved. */
  surnames: readonly string[] = [],
): number {
  if (screened.length === 0 || listed.length === 0) return 0;
  const pairs: { a: number; b: number; score: number }[] = [];
  for (const [a, left] of screened.entries()) {
    for (const [b, right] of listed.entries()) pairs.push({ a, b, score: tokenScore(left, right) });
  }
  pairs.sort((x, y) => y.score - x.score);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let weakest = 1;
  let paired = 0;
  const fewer = Math.min(screened.length, listed.length);
  for (const pair of pairs) {
    if (paired === fewer) break;
    if (usedA.has(pair.a) || usedB.has(pair.b)) continue;
    usedA.add(pair.a);
    usedB.add(pair.b);
    weakest = Math.min(weakest, pair.score);
    paired++;
  }
  const more = Math.max(screened.length, listed.length);
  const needed = Math.min(2, more);
  if (paired < needed) return round(weakest * (paired / needed) * 0.5);
  if (surnames.length > 0 && ![...usedB].some((b) => surnames.includes(listed[b]!))) {
    return round(weakest * 0.5);
  }
  return round(weakest * (0.95 + (0.05 * paired) / more));
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Two tokens' similarity: Jaro-Winkler, moved by whether they sound alike. */
export function tokenScore(left: string, right: string): number {
  if (left === right) return 1;
  const similarity = jaroWinkler(left, right);
  if (soundAlike(left, right)) return similarity >= 0.6 ? (1 + similarity) / 2 : similarity;
  return similarity * 0.95;
}

const codeCache = new Map<string, readonly string[]>();

/** A token's Double Metaphone codes (primary and alternate, without repeats or empty ones). */
export function phoneticCodes(token: string): readonly string[] {
  let codes = codeCache.get(token);
  if (!codes) {
    codes = [...new Set(doubleMetaphone(token))].filter(Boolean);
    if (codeCache.size > 50_000) codeCache.clear();
    codeCache.set(token, codes);
  }
  return codes;
}

const soundAlike = (left: string, right: string) => {
  const codes = phoneticCodes(right);
  return phoneticCodes(left).some((code) => codes.includes(code));
};

/**
 * The lookup keys of a token, stored per listed name (sanctions_name_keys) and asked for by a
 * screened name: its phonetic codes, and its first three letters for a misspelling that changes how
 * it sounds. A listed name is a candidate when it shares keys with two of the screened tokens.
 */
export function tokenKeys(token: string): string[] {
  const keys = phoneticCodes(token).map((code) => `m:${code}`);
  keys.push(`p:${token.slice(0, 3)}`);
  return keys;
}
