// A typed, auto-escaping tagged template for the console's pages. Every interpolated value is
// escaped unless it is itself an Html value (built by this tag), so a page cannot emit unescaped
// user input by accident, and the type checker tells markup from text. Own code rather than a
// library: the JSX-based renderers need a compile step or escape only on request (@kitajs/html's
// `safe`), and the template engines (EJS, Pug, Handlebars) are untyped strings; this is 40 lines.

const brand: unique symbol = Symbol("html");

export interface Html {
  readonly [brand]: true;
  readonly value: string;
}

export type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

function markup(value: string): Html {
  return { [brand]: true, value } as Html;
}

export function isHtml(value: unknown): value is Html {
  return typeof value === "object" && value !== null && (value as Html)[brand] === true;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

export function escapeText(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (isHtml(value)) return value.value;
  return escapeText(String(value));
}

/** html`<p>${userText}</p>`: interpolations are escaped; arrays are joined; null, undefined and false render nothing. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return markup(out);
}

/** The whole document as a string, for res.send. */
export function renderDocument(body: Html): string {
  return "<!DOCTYPE html>\n" + body.value;
}
