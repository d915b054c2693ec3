import { startServer } from "../../server/start-server.js";
import { parse } from "../parse.js";
import type { CliCommand } from "../types.js";

export const serve: CliCommand = {
  path: ["serve"],
  usage: "clearance serve",
  summary: "run the service (webhooks and the /v1 API); what npm start runs",
  async run(args, context) {
    parse(args, {}, 0);
    await startServer(context.options);
  },
};
