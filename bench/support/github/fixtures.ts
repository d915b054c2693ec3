import { readFileSync } from "node:fs";
import type { FakeFile } from "./fake-github.js";

const data = JSON.parse(readFileSync(new URL("../../../fixtures/github/changed-files.json", import.meta.url), "utf8")) as Record<string, FakeFile[]>;

export const FILES_WITH_FINDINGS: FakeFile[] = data.withFindings!;
export const FILES_ONE_FIXED: FakeFile[] = data.oneFixed!;
export const FILES_CLEAN: FakeFile[] = data.clean!;
