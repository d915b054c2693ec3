import { createApiKey, listApiKeys, revokeApiKey, SCOPES, type Scope } from "../../domain/api-keys.js";
import { parseInstallationId } from "../../domain/installations.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const keyCreate: CliCommand = {
  path: ["key", "create"],
  usage: "clearance key create <installation-id> [--scope config:read] [--scope config:write] [--expires-in <seconds>] [--name <label>]",
  summary: "create an API key (both scopes unless named); the key is printed once, on the last line",
  async run(args, context) {
    const { values, positionals } = parse(
      args,
      { scope: { type: "string", multiple: true }, "expires-in": { type: "string" }, name: { type: "string" } },
      1,
    );
    const installationId = parseInstallationId(positionals[0]!);
    const scopes = values.scope ?? [];
    for (const scope of scopes) if (!(SCOPES as readonly string[]).includes(scope)) throw new UsageError(`unknown scope "${scope}"; scopes are ${SCOPES.join(" and ")}`);
    let expiresInSeconds: number | undefined;
    if (values["expires-in"] !== undefined) {
      expiresInSeconds = Number(values["expires-in"]);
      if (!/^\d+$/.test(values["expires-in"]) || expiresInSeconds <= 0 || !Number.isSafeInteger(expiresInSeconds)) {
        throw new UsageError(`--expires-in must be a positive whole number of seconds (for example 86400 for a day), got "${values["expires-in"]}"`);
      }
    }
    await withDatabase(context, async (db) => {
      const created = await createApiKey(db.prisma, { installationId, scopes: scopes as Scope[], expiresInSeconds, name: values.name, now: context.now() });
      context.out(`Created API key ${created.id} with scopes ${created.scopes.join(", ")}${created.expiresAt ? `, expiring ${created.expiresAt.toISOString()}` : ", no expiry"}.`);
      context.out("Store it now: it is shown only this once.");
      context.out(created.key);
    });
  },
};

export const keyList: CliCommand = {
  path: ["key", "list"],
  usage: "clearance key list <installation-id>",
  summary: "list an organisation's API keys (never the keys themselves)",
  async run(args, context) {
    const { positionals } = parse(args, {}, 1);
    const installationId = parseInstallationId(positionals[0]!);
    await withDatabase(context, async (db) => {
      const keys = await listApiKeys(db.prisma, installationId);
      if (keys.length === 0) return context.out("No API keys.");
      const now = context.now();
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : key.expiresAt && key.expiresAt <= now ? `expired ${key.expiresAt.toISOString()}` : "active";
        context.out(
          [key.id, `${key.displayPrefix}…`, key.scopes.join(","), state, `created ${key.createdAt.toISOString()}`, key.expiresAt && !key.revokedAt ? `expires ${key.expiresAt.toISOString()}` : "", key.name ?? ""]
            .filter(Boolean)
            .join("  "),
        );
      }
    });
  },
};

export const keyRevoke: CliCommand = {
  path: ["key", "revoke"],
  usage: "clearance key revoke <key-id or key>",
  summary: "revoke an API key; it stops working on the next request",
  async run(args, context) {
    const { positionals } = parse(args, {}, 1);
    await withDatabase(context, async (db) => {
      const now = context.now();
      const key = await revokeApiKey(db.prisma, positionals[0]!, now);
      // revokeApiKey leaves a revoked key as it was, so an earlier revocation time means it already was.
      if (key.revokedAt!.getTime() !== now.getTime()) {
        context.out(`API key ${key.id} (${key.displayPrefix}…) was already revoked at ${key.revokedAt!.toISOString()}; nothing changed.`);
        return;
      }
      context.out(`Revoked API key ${key.id} (${key.displayPrefix}…) at ${key.revokedAt!.toISOString()}.`);
    });
  },
};
