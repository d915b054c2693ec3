import { parseInstallationId } from "../../domain/installations.js";
import { parseRepositoryName, parseTriggerMode, setOrganisationTriggerMode, setRepositoryTriggerMode } from "../../domain/trigger-modes.js";
import { TRIGGER_MODES, type TriggerMode } from "../../domain/types.js";
import { parse } from "../parse.js";
import { UsageError, type CliCommand } from "../types.js";
import { withDatabase } from "../with-database.js";

export const triggerSet: CliCommand = {
  path: ["trigger", "set"],
  usage: "clearance trigger set <installation-id> <auto|auto_once|mention_only> [--repo owner/name]",
  summary: "set when pull requests are reviewed: for the organisation, or for one repository (wins over its .github/clearance.yml)",
  async run(args, context) {
    const { values, positionals } = parse(args, { repo: { type: "string" } }, 2);
    const installationId = parseInstallationId(positionals[0]!);
    const raw = positionals[1]!;
    if (!(TRIGGER_MODES as readonly string[]).includes(raw)) throw new UsageError(`unknown mode "${raw}"; modes are ${TRIGGER_MODES.join(", ")}`);
    const mode = parseTriggerMode(raw);
    if (values.repo !== undefined) {
      try {
        parseRepositoryName(values.repo);
      } catch {
        throw new UsageError(`"${values.repo}" is not a repository name (owner/name)`);
      }
    }
    await withDatabase(context, async (db) => {
      if (values.repo === undefined) {
        await setOrganisationTriggerMode(db.prisma, installationId, mode, "cli", context.now());
        context.out(`Installation ${installationId}: pull requests are reviewed in mode ${mode}${describe(mode)}.`);
        return;
      }
      await setRepositoryTriggerMode(db.prisma, installationId, values.repo, mode, "cli", context.now());
      context.out(`Repository ${values.repo} (installation ${installationId}): mode ${mode}${describe(mode)}; this wins over the organisation's mode and the repository's .github/clearance.yml.`);
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
