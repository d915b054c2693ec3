// The console's html tag: everything interpolated is escaped unless it is markup built by the tag.
import { describe, expect, it } from "@jest/globals";
import { html, renderDocument } from "../../src/console/html.js";

describe("html", () => {
  it("escapes text in content and in attributes", () => {
    const name = `<script>alert("x")</script>'&\``;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      "<p title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&#96;\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&#96;</p>",
    );
  });

  it("keeps markup built by the tag, joins arrays and renders nothing for null, undefined and false", () => {
    const items = ["a<b", "c"].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>0");
  });

  it("does not take an object that merely looks like markup", () => {
    const forged = { value: "<img src=x onerror=alert(1)>" } as unknown as string;
    expect(html`${forged}`.value).toBe("[object Object]");
  });

  it("renders a whole document with its doctype", () => {
    expect(renderDocument(html`<html lang="en"></html>`)).toBe('<!DOCTYPE html>\n<html lang="en"></html>');
  });
});
