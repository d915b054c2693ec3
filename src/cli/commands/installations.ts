import { effectivePlan, trialEndsAt } from "../../billing/index.js";
import { claimInstallation, listInstallations, parseInstallationId, recordInstallation } from "../../domain/installations.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const installationAdd: CliCommand = {
  path: ["installation", "add"],
  usage: "clearance installation add <installation-id> --account <login> [--type Organization|User]",
  summary: "record an App installation, as the installation webhook does",
  async run(args, context) {
    const { values, positionals } = parse(args, { account: { type: "string" }, type: { type: "string" } }, 1);
    const id = parseInstallationId(positionals[0]!);
    const account = values.account;
    if (!account) throw new UsageError("--account <login> is required");
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(account)) throw new UsageError(`"${account}" is not a GitHub account login`);
    const type = values.type ?? "Organization";
    if (type !== "Organization" && type !== "User") throw new UsageError("--type must be Organization or User");
    await withDatabase(context, async (db) => {
      await recordInstallation(db.prisma, { id, accountLogin: account, accountType: type });
      context.out(`Recorded installation ${id} for ${type === "User" ? "user" : "organisation"} ${account}.`);
    });
  },
};

export const claim: CliCommand = {
  path: ["claim"],
  usage: "clearance claim <installation-id>",
  summary: "link an installation to an organisation and start its 14-day trial",
  async run(args, context) {
    const { positionals } = parse(args, {}, 1);
    const id = parseInstallationId(positionals[0]!);
    await withDatabase(context, async (db) => {
      const now = context.now();
      const organisation = await claimInstallation(db.prisma, id, now);
      context.out(`Claimed installation ${id} as organisation ${organisation.id}; trial until ${trialEndsAt(now).toISOString()}.`);
    });
  },
};

export const installationList: CliCommand = {
  path: ["installation", "list"],
  usage: "clearance installation list",
  summary: "list every recorded installation: account, status, claimed or not, plan, repositories",
  async run(args, context) {
    parse(args, {}, 0);
    await withDatabase(context, async (db) => {
      const installations = await listInstallations(db.prisma);
      if (installations.length === 0) return context.out("No installations recorded.");
      const now = context.now();
      context.out(["installation", "account", "type", "status", "claimed", "plan", "mode", "repositories"].join("\t"));
      for (const i of installations) {
        context.out(
          [
            String(i.id),
            i.accountLogin,
            i.accountType,
            i.status,
            i.organisation ? i.organisation.claimedAt.toISOString() : "no",
            effectivePlan(i, now),
            i.triggerMode,
            String(i._count.repositories),
          ].join("\t"),
        );
      }
    });
  },
};
