// A control as an OSCAL control-id (a token: a letter or "_" first, then letters, digits, ".",
// "-" and "_"): the framework id, "-", and the control id with sub-parts as dotted segments,
// e.g. GDPR "Art. 32(1)(b)" -> "gdpr-art.32.1.b", ISO_27001 "A.8.15" -> "iso_27001-a.8.15".
export function controlToken(framework: string, id: string): string {
  const part = id
    .toLowerCase()
    .replace(/\(([^)]*)\)/g, ".$1")
    .replace(/\s+/g, "_")
    .replace(/[^\p{L}\p{N}._-]/gu, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/_*\._*/g, ".")
    .replace(/^[._-]+|[._-]+$/g, "");
  return `${framework.toLowerCase().replace(/[^\p{L}\p{N}_-]/gu, "_")}-${part || "control"}`;
}
