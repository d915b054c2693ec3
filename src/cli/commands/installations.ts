import { trialEndsAt } from "../../billing/index.js";
import { claimInstallation, parseInstallationId, recordInstallation } from "../../domain/installations.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";

export const installationAdd: CliCommand = {
  path: ["installation", "add"],
  usage: "clearance installation add <installation-id> --account <login> [--type Organization|User]",
  summary: "record an App installation, as the installation webhook does",
  async run(args, context) {
    const { values, positionals } = parse(args, { account: { type: "string" }, type: { type: "string" } }, 1);
    const id = parseInstallationId(positionals[0]!);
    if (!values.account) throw new UsageError("--account <login> is required");
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(values.account)) throw new UsageError(`"${values.account}" is not a GitHub account login`);
    const type = values.type ?? "Organization";
    if (type !== "Organization" && type !== "User") throw new UsageError("--type must be Organization or User");
    const db = await context.openDatabase();
    try {
      await recordInstallation(db.prisma, { id, accountLogin: values.account, accountType: type });
      context.out(`Recorded installation ${id} for ${type === "User" ? "user" : "organisation"} ${values.account}.`);
    } finally {
      await db.close();
    }
  },
};

export const claim: CliCommand = {
  path: ["claim"],
  usage: "clearance claim <installation-id>",
  summary: "link an installation to an organisation and start its 14-day trial",
  async run(args, context) {
    const { positionals } = parse(args, {}, 1);
    const id = parseInstallationId(positionals[0]!);
    const db = await context.openDatabase();
    try {
      const now = context.now();
      const organisation = await claimInstallation(db.prisma, id, now);
      context.out(`Claimed installation ${id} as organisation ${organisation.id}; trial until ${trialEndsAt(now).toISOString()}.`);
    } finally {
      await db.close();
    }
  },
};
