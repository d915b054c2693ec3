// Every operator command, one file per concern. Add a command by exporting it here.
import type { CliCommand } from "../types.js";
import { billingCommands } from "./billing.js";
import { evidenceExport } from "./evidence.js";
import { exceptionList, exceptionRevoke } from "./exceptions.js";
import { claim, installationAdd, installationList } from "./installations.js";
import { keyCreate, keyList, keyRevoke } from "./keys.js";
import { migrate } from "./migrate.js";
import { queue } from "./queue.js";
import { serve } from "./serve.js";
import { triggerSet } from "./triggers.js";

export const commands: CliCommand[] = [serve, migrate, installationAdd, installationList, claim, keyCreate, keyList, keyRevoke, ...billingCommands, triggerSet, queue, exceptionList, exceptionRevoke, evidenceExport];
