// The short reference a person types to name a finding (`/clearance accept 3f9a2c1 …`): the first
// characters of its fingerprint, so it stays the same on every re-review of the same code.
export const REFERENCE_LENGTH = 7;

export function findingReference(fingerprint: string): string {
  return fingerprint.slice(0, REFERENCE_LENGTH).toLowerCase();
}

/** A reference as typed: 7 to 24 hexadecimal characters (a longer prefix is accepted too). */
export const REFERENCE_PATTERN = /^[0-9a-f]{7,24}$/i;

/** The fingerprints a typed reference names (a prefix match, case-insensitive). */
export function fingerprintsMatching(reference: string, fingerprints: Iterable<string>): string[] {
  const prefix = reference.toLowerCase();
  return [...fingerprints].filter((f) => f.toLowerCase().startsWith(prefix));
}
