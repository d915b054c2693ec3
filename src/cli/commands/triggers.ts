import { requireInstallation, parseInstallationId } from "../../domain/installations.js";
import { TRIGGER_MODES, type TriggerMode } from "../../domain/types.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

const REPO_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

export const triggerSet: CliCommand = {
  path: ["trigger", "set"],
  usage: "clearance trigger set <installation-id> <auto|auto_once|mention_only> [--repo owner/name]",
  summary: "set when pull requests are reviewed: for the organisation, or for one repository (wins over its .github/clearance.yml)",
  async run(args, context) {
    const { values, positionals } = parse(args, { repo: { type: "string" } }, 2);
    const installationId = parseInstallationId(positionals[0]!);
    const mode = positionals[1]!;
    if (!(TRIGGER_MODES as readonly string[]).includes(mode)) throw new UsageError(`unknown mode "${mode}"; modes are ${TRIGGER_MODES.join(", ")}`);
    if (values.repo !== undefined && !REPO_NAME.test(values.repo)) throw new UsageError(`"${values.repo}" is not a repository name (owner/name)`);
    await withDatabase(context, async (db) => {
      await requireInstallation(db.prisma, installationId);
      if (values.repo === undefined) {
        await db.prisma.installation.update({ where: { id: installationId }, data: { triggerMode: mode as TriggerMode } });
        context.out(`Installation ${installationId}: pull requests are reviewed in mode ${mode}${describe(mode as TriggerMode)}.`);
        return;
      }
      const repoFullName = values.repo.toLowerCase();
      await db.prisma.repositoryTriggerOverride.upsert({
        where: { installationId_repoFullName: { installationId, repoFullName } },
        create: { installationId, repoFullName, mode },
        update: { mode },
      });
      context.out(`Repository ${values.repo} (installation ${installationId}): mode ${mode}${describe(mode as TriggerMode)}; this wins over the organisation's mode and the repository's .github/clearance.yml.`);
    });
  },
};

function describe(mode: TriggerMode): string {
  switch (mode) {
    case "auto":
      return " (on open, reopen and every push)";
    case "auto_once":
      return " (on open and reopen only)";
    case "mention_only":
      return " (only when someone comments /clearance)";
  }
}
