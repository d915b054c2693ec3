// A webhook request signed the way GitHub signs it (X-Hub-Signature-256: HMAC-SHA256 of the raw
// body with the App's webhook secret), ready for fetch().
import { createHmac, randomUUID } from "node:crypto";
import { WEBHOOK_SECRET } from "./stand-in-app.js";

export interface SignedWebhook {
  method: "POST";
  headers: Record<string, string>;
  body: string;
}

export function signedWebhook(name: string, payload: unknown, options: { id?: string; secret?: string } = {}): SignedWebhook {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", options.secret ?? WEBHOOK_SECRET).update(body).digest("hex")}`;
  return {
    method: "POST",
    headers: { "content-type": "application/json", "x-github-event": name, "x-github-delivery": options.id ?? randomUUID(), "x-hub-signature-256": signature },
    body,
  };
}
