import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDatabase } from "./db/seed/index";

/** Starts the server: configuration, database (migrated and seeded), then listen. Nothing else. */
async function start() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    pgliteDataDir: config.PGLITE_DATA_DIR,
  });
  if (config.MIGRATE_ON_START) await runMigrations(database);
  if (config.SEED_ON_START) await seedDatabase(database.db);

  const app = await buildApp({ config, database });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "server closing after an error");
    else app.log.info({ signal }, "server closing");
    await app.close();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
}

await start();
