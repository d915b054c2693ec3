// Which model endpoint, if any, an organisation's review may use. eu_inference organisations use only the EU
// endpoint; the other one is never called for them.
import type { EngineOptions, ModelEndpoint } from "../types.js";
import type { OrganisationConfiguration } from "../../domain/types.js";

export type ModelRoute =
  | { kind: "none" }
  | { kind: "eu-missing" }
  | { kind: "model"; endpoint: ModelEndpoint }
  | { kind: "eu"; endpoint: ModelEndpoint };

export function chooseModelEndpoint(configuration: OrganisationConfiguration, options: EngineOptions): ModelRoute {
  if (configuration.eu_inference) return options.euModel ? { kind: "eu", endpoint: options.euModel } : { kind: "eu-missing" };
  return options.model ? { kind: "model", endpoint: options.model } : { kind: "none" };
}
