// The repository's documents stand alone: every relative link names a file of the repository,
// none leaves it (a user's clone has no ../shared), and every #anchor names a heading.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCUMENTS = ["README.md", "SECURITY.md", "CHANGELOG.md", "docs/service-contract.md"];

function anchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[`()*.,/]/g, "").trim().replace(/\s+/g, "-")));
}

describe("links in the repository's documents", () => {
  for (const document of DOCUMENTS) {
    it(`${document}: relative links resolve inside the repository`, () => {
      const path = join(ROOT, document);
      const text = readFileSync(path, "utf8");
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
      for (const link of links) {
        const [file, anchor] = link.split("#");
        if (file) {
          const target = resolve(dirname(path), file);
          expect({ link, inside: !relative(ROOT, target).startsWith("..") }).toEqual({ link, inside: true });
          expect({ link, exists: existsSync(target) }).toEqual({ link, exists: true });
        }
        if (anchor && !file) expect({ link, heading: anchors(text).has(anchor) }).toEqual({ link, heading: true });
      }
    });
  }
});
