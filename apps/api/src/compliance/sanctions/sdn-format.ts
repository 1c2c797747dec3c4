import { parse } from "csv-parse/sync";

/**
 * OFAC's legacy comma-delimited SDN files (dat_spec.txt), without a header row:
 * - sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 *   Vess_flag, Vess_owner, Remarks;
 * - alt.csv: ent_num, alt_num, alt_type (aka, fka, nka), alt_name, alt_remarks;
 * - add.csv: ent_num, add_num, address, city/state/province/postal code, country, add_remarks.
 * "-0- " stands for an empty field; the file may end with a Ctrl-Z (0x1A) line.
 */
export type SdnEntry = {
  uid: number;
  name: string;
  /** individual, vessel, aircraft, or entity (OFAC leaves an entity's type empty). */
  type: string;
  programs: string | null;
  remarks: string | null;
  aliases: { kind: string; name: string }[];
  addresses: string[];
};

export type SdnFiles = { sdn: string; alt?: string | undefined; add?: string | undefined };

const EMPTY = "-0-";
/** DOS's end-of-file mark, which older OFAC files end with. */
const END_OF_FILE = String.fromCharCode(0x1a);

/** A field's value, or null for OFAC's "-0-" and blanks. */
const field = (value: string | undefined) => {
  const trimmed = (value ?? "").trim();
  return trimmed === "" || trimmed === EMPTY ? null : trimmed;
};

function rows(text: string): string[][] {
  const records: string[][] = parse(text.replaceAll(END_OF_FILE, ""), {
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  return records.filter((record) => record.some((value) => value.trim() !== ""));
}

const entNum = (value: string | undefined, file: string, line: number) => {
  const number = Number(field(value));
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${file} row ${line}: "${value}" is not an ent_num`);
  return number;
};

/** Reads the three files into entries; aliases and addresses of an unknown ent_num are an error. */
export function parseSdnFiles(files: SdnFiles): SdnEntry[] {
  const entries = new Map<number, SdnEntry>();
  for (const [index, record] of rows(files.sdn).entries()) {
    const uid = entNum(record[0], "sdn.csv", index + 1);
    const name = field(record[1]);
    if (!name) throw new Error(`sdn.csv row ${index + 1}: no SDN_Name`);
    entries.set(uid, {
      uid,
      name,
      type: (field(record[2]) ?? "entity").toLowerCase(),
      programs: field(record[3]),
      remarks: field(record[11]),
      aliases: [],
      addresses: [],
    });
  }
  for (const [index, record] of rows(files.alt ?? "").entries()) {
    const entry = entries.get(entNum(record[0], "alt.csv", index + 1));
    if (!entry) throw new Error(`alt.csv row ${index + 1}: ent_num ${record[0]} is not in sdn.csv`);
    const name = field(record[3]);
    if (name) entry.aliases.push({ kind: (field(record[2]) ?? "aka").toLowerCase(), name });
  }
  for (const [index, record] of rows(files.add ?? "").entries()) {
    const entry = entries.get(entNum(record[0], "add.csv", index + 1));
    if (!entry) throw new Error(`add.csv row ${index + 1}: ent_num ${record[0]} is not in sdn.csv`);
    const line = [field(record[2]), field(record[3]), field(record[4])].filter(Boolean).join(", ");
    if (line) entry.addresses.push(line);
  }
  return [...entries.values()];
}
