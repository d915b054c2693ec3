// The page for a refusal or a missing page: says what happened and changes nothing.
import { html, type Html } from "../html.js";
import { layout, type PageUser } from "./layout.js";

export function errorPage(options: { status: 400 | 403 | 404 | 409 | 410 | 429 | 500 | 503; title: string; message: string; user?: PageUser }): Html {
  return layout({
    title: options.title,
    user: options.user,
    body: html`<div class="blankslate">
  <h1 class="blankslate-heading">${options.title}</h1>
  <p>${options.message}</p>
  <p class="color-fg-muted">HTTP ${options.status}. Nothing was changed.</p>
  <div class="blankslate-action"><a class="btn" href="/">Back to the console</a></div>
</div>`,
  });
}
