// Precision sweep: runs the analyzer over the last N commits of fetched repositories (one commit = one pull
// request) and prints every finding with the line it points at, for a reviewer to label by hand.
// Usage: tsx scripts/sweep-commits.ts <git-dir>[=owner/repo] ... [--commits 100] [--skip 0] > findings.jsonl
import { execFileSync } from "node:child_process";
import { review, type ChangedFile } from "../src/engine/index.js";
import { evalConfiguration } from "./support/eval-harness.js";

const args = process.argv.slice(2);
const commitsAt = args.indexOf("--commits");
const count = commitsAt >= 0 ? Number(args.splice(commitsAt, 2)[1]) : 100;
const skipAt = args.indexOf("--skip");
const skip = skipAt >= 0 ? Number(args.splice(skipAt, 2)[1]) : 0;
const configuration = evalConfiguration({});

function filesOf(patchText: string): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (const chunk of patchText.split(/^diff --git /m).slice(1)) {
    const header = chunk.slice(0, chunk.indexOf("\n@@") >= 0 ? chunk.indexOf("\n@@") : chunk.length);
    // git ends a ---/+++ path that holds a space with a tab (for patch(1)); GitHub's file list has no such tab.
    const path = (/^\+\+\+ b\/(.+)$/m.exec(header)?.[1] ?? /^--- a\/(.+)$/m.exec(header)?.[1])?.replace(/\t$/, "");
    if (!path) continue;
    // Renames as GitHub lists them: status "renamed" and only the lines that differ.
    const renamedTo = /^rename to (.+)$/m.exec(header)?.[1];
    const renamedFrom = /^rename from (.+)$/m.exec(header)?.[1];
    const status: ChangedFile["status"] = renamedTo ? "renamed" : /^new file mode/m.test(header) ? "added" : /^deleted file mode/m.test(header) ? "removed" : "modified";
    const at = chunk.indexOf("\n@@");
    files.push({ path: renamedTo ?? path, status, previousPath: renamedFrom, patch: at >= 0 ? chunk.slice(at + 1).replace(/\n$/, "") : undefined });
  }
  return files;
}

for (const arg of args) {
  const [gitDir, name = gitDir.replace(/^.*\.mirror\//, "").replace(/\/repo$/, "").replace("+", "/")] = arg.split("=");
  const shas = execFileSync("git", ["--git-dir", gitDir, "log", "--no-merges", "-n", String(count), `--skip=${skip}`, "--format=%H"], { encoding: "utf8" }).trim().split("\n");
  for (const sha of shas) {
    let patchText: string;
    try {
      patchText = execFileSync("git", ["--git-dir", gitDir, "show", "--format=", "-U3", "-M", sha], { encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      continue; // a snapshot may lack some objects
    }
    const files = filesOf(patchText).filter((f) => (f.patch?.length ?? 0) < 3_000_000);
    if (files.length === 0) continue;
    const result = await review({ repository: name, pullNumber: 1, headSha: sha, files }, configuration);
    for (const f of result.findings) {
      const file = files.find((x) => x.path === f.path);
      const lineText = file?.patch ? lineAt(file.patch, f.line, f.side) : "";
      console.log(JSON.stringify({ repo: name, sha, path: f.path, line: f.line, side: f.side, area: f.area, rule: f.ruleId, text: lineText.slice(0, 300) }));
    }
  }
}

/** The text of the diff line a finding points at (new-side number for RIGHT, old-side for LEFT, roughly). */
function lineAt(patch: string, line: number, side: "RIGHT" | "LEFT"): string {
  let oldNo = 0, newNo = 0;
  for (const l of patch.split("\n")) {
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(l);
    if (h) { oldNo = Number(h[1]); newNo = Number(h[2]); continue; }
    if (l.startsWith("-")) { if (side === "LEFT" && oldNo === line) return l; oldNo++; continue; }
    if (side === "RIGHT" && newNo === line) return l;
    if (!l.startsWith("+")) oldNo++;
    newNo++;
  }
  return "";
}
