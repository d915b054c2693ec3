// A real SMTP server on 127.0.0.1 (nodemailer's smtp-server), keeping every message it receives,
// parsed with mailparser, so a test reads the mail the console sent.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface LocalSmtpServer {
  url: string;
  inbox: ParsedMail[];
  /** The newest message to `address`. */
  lastMailTo(address: string): ParsedMail;
  close(): Promise<void>;
}

export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const inbox: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"], // plain SMTP on loopback; no certificate to make
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const recipients = (mail: ParsedMail) => ([] as { value: { address?: string }[] }[]).concat(mail.to ?? []).flatMap((to) => to.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    lastMailTo(address) {
      // The server accepts a message (and the console's sendMail resolves) only once it is parsed and kept.
      const found = inbox.filter((mail) => recipients(mail).includes(address.toLowerCase())).at(-1);
      if (!found) throw new Error(`no mail to ${address}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
