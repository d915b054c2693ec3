// Round 14 (after fixdata14 read Laravel's APP_KEY in a committed .env): a configuration key named only "...KEY" counts
// when its value looks generated, but keys that are public by design stay silent: Pusher's and Laravel Reverb's app
// key (the front end subscribes with it; the app secret signs) and Algolia's search-only key. Their secrets still count.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-14 public app keys in configuration", () => {
  it("leaves public app keys alone and still finds their secrets", async () => {
    await check([
      ["Laravel's generated APP_KEY in a committed .env", ".env", ["+APP_NAME=Laravel", "+APP_KEY=base64:m5p2YWtiGM2ySfc0c1gw0xp1uxhEObUT08XSO3QncYk="], "secrets"],
      ["Pusher's app key", ".env", ["+PUSHER_APP_ID=1234567", "+PUSHER_APP_KEY=a1b2c3d4e5f6a7b8c9d0", "+PUSHER_APP_CLUSTER=eu"], null],
      ["Laravel Reverb's app key", ".env.production", ["+REVERB_APP_KEY=kx8mfh2onxjqr9bt1yvu"], null],
      ["Algolia's search-only key", ".env", ["+ALGOLIA_SEARCH_KEY=8e9c1b3f0a7d4e2c6b5a9f8e7d6c5b4a"], null],
      ["Pusher's app secret", ".env", ["+PUSHER_APP_SECRET=f3a9c8e1b7d24c6a5e0f"], "secrets"],
      ["Algolia's admin key", ".env", ["+ALGOLIA_ADMIN_KEY=8e9c1b3f0a7d4e2c6b5a9f8e7d6c5b4a"], "secrets"],
    ]);
  });
});
