// Sign-in by a link sent by e-mail ("magic link"). The link carries a random token, of which only
// the hash is stored with the address; it works once, for 15 minutes, and only in the browser that
// asked for it (whose secret's hash is stored beside it). Mail goes out over SMTP with nodemailer;
// without SMTP, in development only, the link is written to the log instead.
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Prisma } from "../../storage/open-database.js";
import type { VerifiedIdentity } from "./verified-identity.js";
import { hashSecret, randomSecret, sameHash } from "./browser-secret.js";

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/** How links reach people: by SMTP, or (development without SMTP) the server's log. */
export type MagicLinkDelivery = { kind: "smtp"; smtpUrl: string; from: string } | { kind: "log" };

export type MagicLinkResult = { ok: true; identity: VerifiedIdentity; returnTo: string } | { ok: false; reason: "unknown_token" | "other_browser" };

/** A lower-cased address of a plain shape (no display name, no spaces or control characters), or null. */
export function normaliseAddress(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const address = raw.trim().toLowerCase();
  if (address.length > 254 || !/^[^\s@<>()[\]\\,;:"\x00-\x1f\x7f]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(address)) return null;
  return address;
}

export function createEmailSignIn(deps: { prisma: Prisma; log: Logger; delivery: MagicLinkDelivery; callbackUrl: string }) {
  const { prisma, log, delivery, callbackUrl } = deps;
  // Short timeouts: the person is waiting on the page while the mail is handed over.
  const transport =
    delivery.kind === "smtp" ? nodemailer.createTransport({ url: delivery.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) : undefined;

  async function deliver(address: string, link: string): Promise<void> {
    if (!transport || delivery.kind !== "smtp") {
      log.info({ to: address, link }, "e-mail sign-in link (development: SMTP_URL is not set, so the link is logged instead of sent)");
      return;
    }
    await transport.sendMail({
      from: delivery.from,
      to: address,
      subject: "Your Clearance sign-in link",
      text: `Open this link to sign in to the Clearance console:\n\n${link}\n\nIt works once, for 15 minutes, in the browser where you asked for it. If you did not ask to sign in, ignore this message.\n`,
    });
  }

  return {
    /**
     * Stores a new link for `address`, bound to the browser holding `browserSecret`, and sends it.
     * Known or not, every address gets the same treatment: anyone may sign in by e-mail.
     */
    async send(address: string, browserSecret: string, returnTo: string, now: Date): Promise<void> {
      const token = randomSecret();
      // Expired links are cleared here, the one moment this traffic is certain.
      await prisma.consoleEmailSignIn.deleteMany({ where: { expiresAt: { lte: now } } });
      await prisma.consoleEmailSignIn.create({
        data: { tokenHash: hashSecret(token), browserHash: hashSecret(browserSecret), email: address, returnTo, createdAt: now, expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS) },
      });
      try {
        await deliver(address, `${callbackUrl}?token=${token}`);
      } catch (error) {
        await prisma.consoleEmailSignIn.deleteMany({ where: { tokenHash: hashSecret(token) } });
        throw error;
      }
    },

    /** Takes the link's token: once, before it expires, in the browser that asked. */
    async consume(token: string, browserSecret: string | undefined, now: Date): Promise<MagicLinkResult> {
      const row = await prisma.consoleEmailSignIn.findUnique({ where: { tokenHash: hashSecret(token) } });
      if (!row || row.expiresAt <= now) return { ok: false, reason: "unknown_token" };
      // Opened elsewhere (another browser, a mail scanner): refused, and the link stays usable where it was asked for.
      if (!browserSecret || !sameHash(hashSecret(browserSecret), row.browserHash)) return { ok: false, reason: "other_browser" };
      const { count } = await prisma.consoleEmailSignIn.deleteMany({ where: { tokenHash: row.tokenHash } });
      if (count !== 1) return { ok: false, reason: "unknown_token" };
      return { ok: true, identity: { method: "email", subject: row.email, email: row.email, displayName: row.email }, returnTo: row.returnTo };
    },
  };
}

export type EmailSignIn = ReturnType<typeof createEmailSignIn>;
