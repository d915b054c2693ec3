// Console sign-in states and sessions, kept server-side in the database (the one owner of
// console_sign_in_states and console_sessions). Cookies carry random tokens; only their SHA-256
// is stored, so a database read does not yield a usable cookie. A session belongs to a console
// account; a GitHub session also keeps the GitHub user token, encrypted (AES-256-GCM, key derived
// from the OAuth client secret), for re-checking admin rights.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Prisma } from "../storage/open-database.js";
import type { SignInMethod } from "./sign-in/verified-identity.js";

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000; // as long as a GitHub App user token lives
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

export interface AdministeredInstallation {
  id: string;
  account_login: string;
  account_type: "Organization" | "User";
}

export interface ConsoleSession {
  idHash: string;
  /** The console account signed in; everything the console allows is decided by it. */
  accountId: string;
  displayName: string;
  /** How this session was signed in. */
  method: SignInMethod;
  /** Present when the session holds a GitHub user token (a GitHub sign-in, or GitHub linked in this session). */
  github: { userId: bigint; login: string; accessToken: string } | null;
  /** The App's installations GitHub says this user administers, at the last check (GitHub sessions only). */
  installations: AdministeredInstallation[];
  csrfToken: string;
  expiresAt: Date;
  /** "Link another sign-in method" was started in this session: the next sign-in with it links. */
  linking: { method: SignInMethod; expiresAt: Date } | null;
}

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(hash(a), "hex");
  const y = Buffer.from(hash(b), "hex");
  return timingSafeEqual(x, y);
}

/** `clientSecret` is the GitHub App's OAuth secret; without it (GitHub sign-in off) no GitHub token is kept. */
type Transaction = Parameters<Parameters<Prisma["$transaction"]>[0]>[0];

/** Ends every session of the account (removed from an organisation): its next request is signed out. */
export async function endAccountSessions(tx: Prisma | Transaction, accountId: string): Promise<void> {
  await tx.consoleSession.deleteMany({ where: { accountId } });
}

export function createSessionStore(prisma: Prisma, clientSecret?: string) {
  const key = clientSecret ? Buffer.from(hkdfSync("sha256", clientSecret, "clearance-console", "session-token-encryption", 32)) : null;

  const encrypt = (text: string) => {
    if (!key) throw new Error("GitHub sign-in is not configured: no key to keep a GitHub token with");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
  };
  const decrypt = (sealed: string) => {
    if (!key) throw new Error("no key");
    const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
  };

  return {
    /** A new single-use OAuth state, remembered with where to go after sign-in. */
    async createSignInState(returnTo: string, now: Date): Promise<string> {
      const state = randomToken();
      // Expired states and sessions are cleared here, the one moment sign-in traffic is certain.
      await prisma.consoleSignInState.deleteMany({ where: { expiresAt: { lte: now } } });
      await prisma.consoleSession.deleteMany({ where: { expiresAt: { lte: now } } });
      await prisma.consoleSignInState.create({ data: { stateHash: hash(state), returnTo, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_STATE_TTL_MS) } });
      return state;
    },

    /** Takes the state: it works once, before it expires, and never again. */
    async consumeSignInState(state: string, now: Date): Promise<{ returnTo: string } | null> {
      const stateHash = hash(state);
      const row = await prisma.consoleSignInState.findUnique({ where: { stateHash } });
      if (!row) return null;
      const { count } = await prisma.consoleSignInState.deleteMany({ where: { stateHash } });
      if (count !== 1 || row.expiresAt <= now) return null; // a concurrent replay lost the delete
      return { returnTo: row.returnTo };
    },

    async createSession(input: {
      accountId: string;
      method: SignInMethod;
      github: { userId: bigint; login: string; accessToken: string } | null;
      installations: AdministeredInstallation[];
      now: Date;
    }): Promise<string> {
      const token = randomToken();
      await prisma.consoleSession.create({
        data: {
          idHash: hash(token),
          accountId: input.accountId,
          method: input.method,
          githubUserId: input.github?.userId ?? null,
          githubLogin: input.github?.login ?? null,
          accessToken: input.github ? encrypt(input.github.accessToken) : null,
          installations: input.installations as object[],
          csrfToken: randomToken(),
          createdAt: input.now,
          expiresAt: new Date(input.now.getTime() + SESSION_TTL_MS),
        },
      });
      return token;
    },

    async findSession(token: string, now: Date): Promise<ConsoleSession | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const row = await prisma.consoleSession.findUnique({ where: { idHash: hash(token) }, include: { account: { select: { displayName: true } } } });
      if (!row || row.expiresAt <= now) return null;
      let github: ConsoleSession["github"] = null;
      if (row.accessToken !== null && row.githubUserId !== null && row.githubLogin !== null) {
        try {
          github = { userId: row.githubUserId, login: row.githubLogin, accessToken: decrypt(row.accessToken) };
        } catch {
          return null; // the client secret changed: sign in again
        }
      }
      return {
        idHash: row.idHash,
        accountId: row.accountId,
        displayName: row.account.displayName,
        method: row.method as SignInMethod,
        github,
        installations: row.installations as unknown as AdministeredInstallation[],
        csrfToken: row.csrfToken,
        expiresAt: row.expiresAt,
        linking: row.linkingMethod && row.linkingExpiresAt ? { method: row.linkingMethod as SignInMethod, expiresAt: row.linkingExpiresAt } : null,
      };
    },

    async updateInstallations(session: ConsoleSession, installations: AdministeredInstallation[]): Promise<void> {
      await prisma.consoleSession.update({ where: { idHash: session.idHash }, data: { installations: installations as object[] } });
      session.installations = installations;
    },

    /** GitHub linked in this session: from now on it can re-check admin rights and claim. */
    async attachGitHub(session: ConsoleSession, github: { userId: bigint; login: string; accessToken: string }, installations: AdministeredInstallation[]): Promise<void> {
      await prisma.consoleSession.update({
        where: { idHash: session.idHash },
        data: { githubUserId: github.userId, githubLogin: github.login, accessToken: encrypt(github.accessToken), installations: installations as object[] },
      });
      session.github = github;
      session.installations = installations;
    },

    /** The next sign-in with `method` in this session links instead of signing in, for SIGN_IN_STATE_TTL_MS. */
    async startLinking(session: ConsoleSession, method: SignInMethod, now: Date): Promise<void> {
      const expiresAt = new Date(now.getTime() + SIGN_IN_STATE_TTL_MS);
      await prisma.consoleSession.update({ where: { idHash: session.idHash }, data: { linkingMethod: method, linkingExpiresAt: expiresAt } });
      session.linking = { method, expiresAt };
    },

    async clearLinking(session: ConsoleSession): Promise<void> {
      await prisma.consoleSession.updateMany({ where: { idHash: session.idHash }, data: { linkingMethod: null, linkingExpiresAt: null } });
      session.linking = null;
    },

    async endSession(session: ConsoleSession): Promise<void> {
      await prisma.consoleSession.deleteMany({ where: { idHash: session.idHash } });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
