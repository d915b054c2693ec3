// What every console handler needs: the session of the request, and sending a page.
import type { Response } from "express";
import { renderDocument, type Html } from "./html.js";
import type { PageUser } from "./pages/layout.js";
import type { ConsoleSession } from "./session-store.js";

export function send(res: Response, page: Html, status = 200): void {
  // Pages show an organisation's settings or a new key: never stored by a browser or a proxy.
  res.status(status).type("html").setHeader("Cache-Control", "no-store");
  res.send(renderDocument(page));
}

export function sessionOf(res: Response): ConsoleSession | undefined {
  return res.locals.consoleSession as ConsoleSession | undefined;
}

export function pageUser(session: ConsoleSession): PageUser {
  return { login: session.displayName, csrfToken: session.csrfToken };
}

/** Only a path on this site: never another origin (an open redirect). */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\") || raw.length > 500) return "/";
  return raw;
}
