import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { REPO_ROOT } from "../../config";
import type { Db } from "../../db/client";
import { sanctionsListVersions } from "../../db/schema/index";
import { type ImportReport, replaceList } from "./repository";
import { parseSdnFiles, type SdnFiles } from "./sdn-format";

/** The fictional list for development and tests, in OFAC's format (never loaded in production). */
export const DEV_LIST_DIR = path.join(REPO_ROOT, "apps", "api", "data", "sanctions", "dev");

export type ListSource = { url?: string | undefined; dir?: string | undefined };

const FILES = ["sdn", "alt", "add"] as const;

async function fetchFile(base: string, name: string): Promise<string | undefined> {
  // OFAC publishes the files in upper case (SDN.CSV); mirrors often use lower case.
  for (const file of [`${name}.csv`, `${name.toUpperCase()}.CSV`]) {
    const response = await fetch(new URL(file, base.endsWith("/") ? base : `${base}/`), {
      signal: AbortSignal.timeout(120_000),
    });
    if (response.ok) return response.text();
    if (response.status !== 404) throw new Error(`${file}: ${response.status} ${response.statusText}`);
  }
  if (name === "sdn") throw new Error(`no sdn.csv at ${base}`);
  return undefined;
}

async function readDirFile(dir: string, name: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(dir, `${name}.csv`), "utf8");
  } catch (error) {
    if (name !== "sdn" && (error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Reads sdn.csv (required), alt.csv and add.csv from a URL, a folder, or the development list. */
export async function readListFiles(source: ListSource): Promise<{ label: string; files: SdnFiles }> {
  const label = source.url ?? source.dir ?? DEV_LIST_DIR;
  const read = source.url
    ? (name: string) => fetchFile(source.url!, name)
    : (name: string) => readDirFile(source.dir ?? DEV_LIST_DIR, name);
  const [sdn, alt, add] = await Promise.all(FILES.map(read));
  if (sdn === undefined) throw new Error(`no sdn.csv in ${label}`);
  return { label, files: { sdn, alt, add } };
}

/** Reads, parses and installs a list as the new active version (all or nothing). */
export async function importSanctionsList(
  db: Db,
  source: ListSource,
): Promise<ImportReport & { source: string }> {
  const { label, files } = await readListFiles(source);
  const entries = parseSdnFiles(files);
  if (entries.length === 0) throw new Error(`${label}: sdn.csv has no entries`);
  return { ...(await replaceList(db, label, entries)), source: label };
}

/**
 * Development and tests: loads the fictional list when no list was ever imported, so screening has
 * something to match. Instances starting together take turns; the second finds the list there.
 */
export async function loadDevListIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sanctionsListVersions);
  if ((row?.count ?? 0) > 0) return false;
  const { files } = await readListFiles({ dir: DEV_LIST_DIR });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sanctions:import'))`);
    const [again] = await tx.select({ count: sql<number>`count(*)::int` }).from(sanctionsListVersions);
    if ((again?.count ?? 0) > 0) return false;
    await replaceList(tx, DEV_LIST_DIR, parseSdnFiles(files));
    return true;
  });
}
