import { applyMigrations } from "../../storage/migrate.js";
import { parse } from "../parse.js";
import type { CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const migrate: CliCommand = {
  path: ["migrate"],
  usage: "clearance migrate",
  summary: "apply pending database migrations (the server also does this on start)",
  async run(args, context) {
    parse(args, {}, 0);
    await withDatabase(context, async (db) => {
      const applied = await applyMigrations(db.sql);
      context.out(applied.length ? `Applied ${applied.join(", ")} to the ${db.description}.` : `The ${db.description} is up to date.`);
    });
  },
};
