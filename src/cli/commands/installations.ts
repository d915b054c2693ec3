import { trialEndsAt } from "../../billing/index.js";
import { claimInstallation, parseInstallationId, recordInstallation } from "../../domain/installations.js";
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
