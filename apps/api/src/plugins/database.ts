import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Makes the database available to routes and repositories as `app.db`; closes it with the app. */
export const databasePlugin = fp<{ database: Database; closeOnShutdown: boolean }>(
  async (app: FastifyInstance, { database, closeOnShutdown }) => {
    app.decorate("database", database);
    app.decorate("db", database.db);
    if (closeOnShutdown) app.addHook("onClose", async () => database.close());
  },
  { name: "database" },
);
