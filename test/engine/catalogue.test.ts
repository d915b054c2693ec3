import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { CHANGE_AREAS, CONTROL_CATALOGUE, FRAMEWORK_ALIASES, citeControls, catalogueFrameworkOf } from "../../src/engine/catalogue/control-catalogue.js";
import { RULES } from "../../src/engine/analyzer/rule-table.js";
import { review } from "../../src/engine/index.js";
import { BASELINE_FRAMEWORKS } from "../../src/engine/grounding/cite-frameworks.js";
import { configuration, input, TLS_OFF } from "./support/configuration.js";

const catalogueIds: string[] = JSON.parse(readFileSync(new URL("../../src/catalogue/frameworks.json", import.meta.url), "utf8")).frameworks.map((f: { id: string }) => f.id);

describe("control catalogue", () => {
  it("covers every framework id of the public catalogue, NIS 2 variants through the directive", () => {
    for (const id of catalogueIds) expect(catalogueFrameworkOf(id)).toBeDefined();
    for (const [variant, target] of Object.entries(FRAMEWORK_ALIASES)) {
      expect(variant).toMatch(/^NIS_2_[A-Z]{2}$/);
      expect(target).toBe("NIS_2");
    }
  });

  it("records a source and a confidence for every framework, and a note where it cites nothing", () => {
    for (const [id, framework] of Object.entries(CONTROL_CATALOGUE)) {
      expect(framework.source.length).toBeGreaterThan(10);
      expect(["high", "medium", "none"]).toContain(framework.confidence);
      if (Object.keys(framework.controls).length === 0) expect(framework.notes ?? "").not.toBe("");
      if (framework.confidence === "none") expect(Object.keys(framework.controls)).toHaveLength(0);
      expect(id).not.toMatch(/^NIS_2_/);
    }
  });

  it("maps change areas only to controls that exist in the catalogue under the same framework", () => {
    for (const [area, entry] of Object.entries(CHANGE_AREAS)) {
      for (const [framework, ids] of Object.entries(entry.controls)) {
        expect(CONTROL_CATALOGUE[framework]).toBeDefined();
        for (const id of ids) expect({ area, framework, id, title: CONTROL_CATALOGUE[framework].controls[id] }).toEqual(expect.objectContaining({ title: expect.any(String) }));
      }
    }
  });

  it("uses each framework's own id format", () => {
    const formats: Record<string, RegExp> = {
      ISO_27001: /^A\.[5-8]\.\d{1,2}$/,
      ISO_42001: /^A\.\d+\.\d+(?:\.\d+)?$/,
      SOC_2: /^(?:CC\d\.\d|[CP]\d\.\d|PI1\.\d|A1\.\d)$/,
      GDPR: /^Art\. \d+(?:\(\d+\))?(?:\([a-z]\))?$/,
      UK_GDPR: /^Art\. \d+[A-D]?$/,
      HIPAA: /^164\.3\d\d(?:\([a-zA-Z0-9]+\))+$/,
      NIST_800_53: /^[A-Z]{2}-\d+(?:\(\d+\))?$/,
      FEDRAMP: /^[A-Z]{2}-\d+(?:\(\d+\))?$/,
      NIST_CSF: /^(?:GV|ID|PR|DE|RS|RC)\.[A-Z]{2}-\d{2}$/,
      NIST_800_171: /^3\.\d{1,2}\.\d{1,2}$/,
      CMMC: /^[A-Z]{2}\.L2-3\.\d{1,2}\.\d{1,2}$/,
      NIS_2: /^Art\. 21\(2\)\([a-j]\)$/,
      DORA: /^Art\. \d+(?:\(\d+\))?(?:\([a-z]\))?$/,
      EU_AI_ACT: /^Art\. \d+$/,
      CCPA: /^1798\.\d{3}(?:\([a-z]\))?(?:\(\d+\))?$/,
      NIST_AI_RMF: /^(?:GOVERN|MAP|MEASURE|MANAGE) \d+\.\d+$/,
    };
    for (const [framework, format] of Object.entries(formats)) {
      const ids = Object.keys(CONTROL_CATALOGUE[framework].controls);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(`${framework} ${id}`).toMatch(new RegExp(`^${framework} ${format.source.slice(1)}`));
    }
    // ISO 27001:2013 and CSF 1.1 ids are not valid in the editions cited.
    expect(JSON.stringify(CONTROL_CATALOGUE.ISO_27001.controls)).not.toMatch(/"A\.(?:9|1[0-8])\./);
    expect(JSON.stringify(CONTROL_CATALOGUE.NIST_CSF.controls)).not.toMatch(/PR\.AC-|PR\.DS-\d"/);
  });

  it("gives every analyzer rule change areas that exist", () => {
    for (const rule of RULES) for (const area of rule.changeAreas) expect(CHANGE_AREAS[area]).toBeDefined();
  });

  it("can cite, for every rule and every framework, only controls in the catalogue", () => {
    for (const rule of RULES) {
      for (const framework of catalogueIds) {
        for (const control of citeControls(rule.changeAreas, [framework])) {
          expect(control.framework).toBe(framework);
          expect(CONTROL_CATALOGUE[catalogueFrameworkOf(framework)!].controls[control.id]).toBe(control.title);
        }
      }
    }
  });
});

describe("citations follow the selected frameworks", () => {
  it("cites only controls of the frameworks the organisation selected", async () => {
    const result = await review(input([TLS_OFF]), configuration({ frameworks: ["HIPAA", "NIST_800_53"] }));
    const frameworks = new Set(result.findings.flatMap((f) => f.controls.map((c) => c.framework)));
    expect([...frameworks].sort()).toEqual(["HIPAA", "NIST_800_53"]);
    expect(result.findings[0].controls.map((c) => c.id)).toEqual(["164.312(e)(1)", "164.312(e)(2)(ii)", "SC-8", "SC-8(1)"]);
    expect(result.findings[0].message).toContain("HIPAA 164.312(e)(1)");
    expect(result.findings[0].message).not.toContain("ISO_27001");
  });

  it("cites the NIS 2 directive's article under a national variant's id", async () => {
    const result = await review(input([TLS_OFF]), configuration({ frameworks: ["NIS_2_DE"] }));
    expect(result.findings[0].controls).toEqual([{ framework: "NIS_2_DE", id: "Art. 21(2)(h)", title: "Cryptography and encryption" }]);
  });

  it("with no framework selected, cites the documented baseline (ISO 27001 and SOC 2) and says how to choose", async () => {
    const result = await review(input([TLS_OFF]), configuration({ frameworks: [] }));
    expect(result.findings).toHaveLength(1);
    expect(new Set(result.findings[0].controls.map((c) => c.framework))).toEqual(new Set(["ISO_27001", "SOC_2"]));
    expect(result.summary.baseline).toBe(true);
    expect(result.summary.markdown).toContain("No framework is selected yet, so this review cites a baseline: ISO/IEC 27001 and SOC 2.");
    expect(result.summary.markdown).toContain("`PUT /v1/config`");
    const selected = await review(input([TLS_OFF]), configuration({ frameworks: ["GDPR"] }));
    expect(selected.summary.baseline).toBe(false);
    expect(selected.findings[0].controls.map((c) => c.framework)).toEqual(["GDPR"]);
  });

  it("the baseline cites at least one control of each of its frameworks for every rule", () => {
    for (const rule of RULES) {
      const cited = new Set(citeControls(rule.changeAreas, [...BASELINE_FRAMEWORKS]).map((c) => c.framework));
      expect([rule.id, [...cited].sort()]).toEqual([rule.id, [...BASELINE_FRAMEWORKS].sort()]);
    }
  });

  it("cites nothing for a framework whose controls could not be confirmed", async () => {
    const result = await review(input([TLS_OFF]), configuration({ frameworks: ["TISAX"] }));
    expect(result.findings[0].controls).toEqual([]);
  });
});
