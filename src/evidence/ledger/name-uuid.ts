// Name-based UUIDs (RFC 4122 version 5, SHA-1) so that the same finding, control or pull request
// gets the same OSCAL uuid in every export. Eight lines on node:crypto; no library needed.
import { createHash } from "node:crypto";

// Clearance's own namespace for its OSCAL identifiers (a fixed random UUID).
const NAMESPACE = Buffer.from("6b3f0d52a4c84e1f9c2d7a15e08b4f63", "hex");

export function nameUuid(name: string): string {
  const bytes = createHash("sha1").update(NAMESPACE).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
