// Code moved between files of one pull request is no change of behaviour: a guard cut from a controller and pasted into
// its base class, a personal-data field moved to another model, a logging call moved to a helper. The same removal or
// addition with nothing on the other side is still found.
import { describe, expect, it } from "@jest/globals";
import { review } from "../../src/engine/index.js";
import type { ChangedFile } from "../../src/engine/types.js";
import { configuration, input } from "./support/configuration.js";

function file(path: string, lines: string[]): ChangedFile {
  const oldCount = lines.filter((l) => !l.startsWith("+")).length;
  const newCount = lines.filter((l) => !l.startsWith("-")).length;
  return { path, status: "modified", patch: `@@ -10,${oldCount} +10,${newCount} @@\n${lines.join("\n")}` };
}

async function rulesOf(files: ChangedFile[]): Promise<string[]> {
  const result = await review(input(files), configuration());
  return result.findings.map((f) => f.ruleId).sort();
}

const guardRemoved = file("app/controllers/invoices_controller.rb", [
  " class InvoicesController < ApplicationController",
  "-  before_action :authenticate_user!",
  "   def index",
]);
const guardAddedToBase = file("app/controllers/application_controller.rb", [
  " class ApplicationController < ActionController::Base",
  "+  before_action :authenticate_user!",
  "   protect_from_forgery",
]);
const emailLogged = file("app/services/signup_helper.py", ["+    logger.info(\"new signup %s\", user.email)"]);
const emailLogRemoved = file("app/views/signup.py", ["-    logger.info(\"new signup %s\", user.email)", "     return redirect(next_url)"]);

describe("code moved between files of one pull request", () => {
  it("finds a removed guard and a new logging call when nothing moved", async () => {
    expect(await rulesOf([guardRemoved])).toContain("auth-check-removed");
    expect(await rulesOf([emailLogged])).toContain("pii-in-logs");
  });

  it("drops the removed guard when the same line is added in another file", async () => {
    expect(await rulesOf([guardRemoved, guardAddedToBase])).not.toContain("auth-check-removed");
  });

  it("drops the logging call when the same line is removed from another file", async () => {
    expect(await rulesOf([emailLogRemoved, emailLogged])).not.toContain("pii-in-logs");
  });
});
