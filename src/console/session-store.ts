// Console sign-in states and sessions, kept server-side in the database (the one owner of
// console_sign_in_states and console_sessions). Cookies carry random tokens; only their SHA-256
// is stored, so a database read does not yield a usable cookie. The GitHub user token is kept
// encrypted (AES-256-GCM, key derived from the OAuth client secret) for re-checking admin rights.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Prisma } from "../storage/open-database.js";

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000; // as long as a GitHub App user token lives
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

export interface AdministeredInstallation {
  id: string;
  account_login: string;
  account_type: "Organization" | "User";
}

export interface ConsoleSession {
  idHash: string;
  userId: bigint;
  userLogin: string;
  accessToken: string;
  installations: AdministeredInstallation[];
  csrfToken: string;
  expiresAt: Date;
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

export function createSessionStore(prisma: Prisma, clientSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", clientSecret, "clearance-console", "session-token-encryption", 32));

  const encrypt = (text: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
  };
  const decrypt = (sealed: string) => {
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

    async createSession(input: { userId: bigint; userLogin: string; accessToken: string; installations: AdministeredInstallation[]; now: Date }): Promise<string> {
      const token = randomToken();
      await prisma.consoleSession.create({
        data: {
          idHash: hash(token),
          userId: input.userId,
          userLogin: input.userLogin,
          accessToken: encrypt(input.accessToken),
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
      const row = await prisma.consoleSession.findUnique({ where: { idHash: hash(token) } });
      if (!row || row.expiresAt <= now) return null;
      let accessToken: string;
      try {
        accessToken = decrypt(row.accessToken);
      } catch {
        return null; // the client secret changed: sign in again
      }
      return {
        idHash: row.idHash,
        userId: row.userId,
        userLogin: row.userLogin,
        accessToken,
        installations: row.installations as unknown as AdministeredInstallation[],
        csrfToken: row.csrfToken,
        expiresAt: row.expiresAt,
      };
    },

    async updateInstallations(session: ConsoleSession, installations: AdministeredInstallation[]): Promise<void> {
      await prisma.consoleSession.update({ where: { idHash: session.idHash }, data: { installations: installations as object[] } });
      session.installations = installations;
    },

    async endSession(session: ConsoleSession): Promise<void> {
      await prisma.consoleSession.deleteMany({ where: { idHash: session.idHash } });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
