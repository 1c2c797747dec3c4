import { isDecimalString } from "@vela/shared/decimal";
import { XMLParser } from "fast-xml-parser";
import { type RateFeed, type RateTable, type TableRate, withPegs } from "./rate-provider";

export const ECB_DAILY_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
export const ECB_SOURCE = "ECB euro foreign exchange reference rates";

type CubeRate = { currency?: unknown; rate?: unknown };
type EcbDocument = {
  Envelope?: { Cube?: { Cube?: { time?: unknown; Cube?: CubeRate | CubeRate[] } } };
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  // Rates stay text: a float would turn 1.0495 into 1.0494999999999999.
  parseAttributeValue: false,
  isArray: (_name, jpath) => jpath === "Envelope.Cube.Cube.Cube",
});

/**
 * Reads the ECB's daily reference-rate file (gesmes envelope, Cube[time] of Cube[currency, rate]).
 * The ECB publishes around 16:00 CET; the table counts from 14:00 UTC of its day, the earliest that
 * can be, so its age is never understated. Anything malformed throws: better no table than a wrong one.
 */
export function parseEcbDaily(xml: string): RateTable {
  const document: EcbDocument = parser.parse(xml);
  const day = document.Envelope?.Cube?.Cube;
  const time = day?.time;
  if (typeof time !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(time)) {
    throw new Error("ECB daily file: no Cube with a time attribute");
  }
  const rates = new Map<string, TableRate>();
  for (const entry of [day?.Cube ?? []].flat()) {
    const { currency, rate } = entry;
    if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
      throw new Error("ECB daily file: a rate without a currency code");
    }
    if (typeof rate !== "string" || !isDecimalString(rate) || rate.startsWith("-") || Number(rate) === 0) {
      throw new Error(`ECB daily file: a malformed rate for ${currency}`);
    }
    rates.set(currency, { perBase: rate, source: ECB_SOURCE });
  }
  if (rates.size < 10) throw new Error(`ECB daily file: only ${rates.size} rates`);
  return withPegs(ECB_SOURCE, new Date(`${time}T14:00:00Z`), rates);
}

/** What the feed needs of `fetch`; tests replay a recorded answer through it. */
export type FetchText = (url: string, init: RequestInit) => Promise<Response>;

/** The real feed: the ECB's daily file over HTTPS, parsed as above. */
export function createEcbFeed(options: { url?: string; fetch?: FetchText; timeoutMs?: number }): RateFeed {
  const get: FetchText = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    name: "ecb",
    async load() {
      const response = await get(options.url ?? ECB_DAILY_URL, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        headers: { accept: "application/xml, text/xml" },
      });
      if (!response.ok) throw new Error(`ECB daily file: HTTP ${response.status}`);
      return parseEcbDaily(await response.text());
    },
  };
}
