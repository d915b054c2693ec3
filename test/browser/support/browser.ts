// Debian's Chromium, driven by playwright-core (no browser is ever downloaded), each context in a
// fresh user-data directory; and axe-core, injected into the page, for accessibility checks.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import axe from "axe-core";
import playwright, { type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchChromium(options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  const userDataDir = mkdtempSync(join(tmpdir(), "clearance-chromium-"));
  // Playwright passes the user-data directory itself (it refuses --user-data-dir in args).
  const context = await playwright.chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: 1280, height: 900 },
    locale: "en-GB",
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** Runs axe (WCAG 2.x A and AA, best practices) on the page as it is; returns every violation. */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, so the page's CSP (script-src 'self') need not be relaxed.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const page = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
    const result = await page.axe.run(page.document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.length }));
  });
}

export function seriousOrCritical(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
