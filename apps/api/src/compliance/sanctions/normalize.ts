/**
 * Names as the scorer compares them: OFAC's "LAST, First Middle" turned around, accents removed
 * (NFKD), upper case, punctuation gone, and the words that say nothing about who someone is dropped
 * (legal suffixes at the end of a company's name, honorifics, name particles). Token order is left
 * to the scorer, which ignores it.
 */

/** Legal forms, as token sequences, dropped from the end of a name (repeatedly: "CO LTD"). */
const LEGAL_SUFFIXES: readonly (readonly string[])[] = [
  ["S", "DE", "RL", "DE", "CV"],
  ["SA", "DE", "CV"],
  ["SAPI", "DE", "CV"],
  ["S", "DE", "RL"],
  ["SDN", "BHD"],
  ["PTE", "LTD"],
  ["PVT", "LTD"],
  ...[
    "LLC",
    "LTD",
    "LIMITED",
    "LTDA",
    "SA",
    "SAS",
    "SL",
    "SRL",
    "SPA",
    "GMBH",
    "AG",
    "KG",
    "INC",
    "INCORPORATED",
    "CORP",
    "CORPORATION",
    "CO",
    "COMPANY",
    "PLC",
    "LLP",
    "LP",
    "BV",
    "NV",
    "OOO",
    "ZAO",
    "OAO",
    "PAO",
    "JSC",
    "PJSC",
    "FZE",
    "FZCO",
    "FZC",
    "BHD",
    "AB",
    "AS",
    "OY",
  ].map((suffix) => [suffix]),
];

/** Honorifics and titles, dropped wherever they stand. */
const HONORIFICS = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "DR",
  "PROF",
  "SIR",
  "DON",
  "DONA",
  "SR",
  "SRA",
  "SRTA",
  "LIC",
  "ING",
  "SHEIKH",
  "SHAIKH",
  "HAJJI",
  "HAJI",
  "MULLAH",
  "GENERAL",
  "COLONEL",
  "CAPTAIN",
]);

/** Particles that join names ("de la", "bin", "al") and carry no identity on their own. */
const PARTICLES = new Set([
  "DE",
  "DEL",
  "LA",
  "LAS",
  "LOS",
  "Y",
  "E",
  "DA",
  "DAS",
  "DO",
  "DOS",
  "DI",
  "DU",
  "VAN",
  "VON",
  "DER",
  "DEN",
  "AL",
  "EL",
  "BIN",
  "BEN",
  "IBN",
  "BINT",
  "THE",
  "AND",
]);

/** "LAST, First Middle" → "First Middle LAST" (only the first comma splits: OFAC's convention). */
export function ofacNameOrder(name: string): string {
  const comma = name.indexOf(",");
  if (comma < 0) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first ? `${first} ${last}` : last;
}

/** Upper case, accents removed, dots and apostrophes joined ("S.A." → "SA"), other punctuation a space. */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "SS")
    .replace(/[Øø]/g, "O")
    .replace(/[Łł]/g, "L")
    .replace(/[Ææ]/g, "AE")
    .toUpperCase()
    .replace(/[.'’`´]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function dropLegalSuffixes(tokens: string[]): string[] {
  const out = [...tokens];
  let dropped = true;
  while (dropped && out.length > 1) {
    dropped = false;
    for (const suffix of LEGAL_SUFFIXES) {
      if (suffix.length >= out.length) continue;
      const tail = out.slice(out.length - suffix.length);
      if (tail.every((token, index) => token === suffix[index])) {
        out.length -= suffix.length;
        dropped = true;
        break;
      }
    }
  }
  return out;
}

/** `ofacIndividual`: a listed person's name, which OFAC writes "LAST, First Middle". */
export type NameOptions = { ofacIndividual?: boolean };

/**
 * The tokens a name is compared by, without repeats. Keeps the name whole when dropping words would
 * leave nothing ("The Company" stays a name).
 */
export function nameTokens(name: string, options: NameOptions = {}): string[] {
  const ordered = options.ofacIndividual ? ofacNameOrder(name) : name.replace(/,/g, " ");
  const all = foldName(ordered).split(" ").filter(Boolean);
  const meaningful = dropLegalSuffixes(all).filter(
    (token) => !HONORIFICS.has(token) && !PARTICLES.has(token),
  );
  return meaningful.length > 0 ? [...new Set(meaningful)] : all;
}

/**
 * A listed person's surnames (OFAC writes them before the comma), as tokens: a match must pair one
 * of them, so a shared given name, or two, never make a hit alone. Empty when the name has no comma.
 */
export function surnameTokens(name: string): string[] {
  const comma = name.indexOf(",");
  return comma < 0 ? [] : nameTokens(name.slice(0, comma));
}

/** The normalised form stored and compared for "the same name": the tokens sorted and joined. */
export const normalizedName = (name: string, options: NameOptions = {}) =>
  [...nameTokens(name, options)].sort().join(" ");
