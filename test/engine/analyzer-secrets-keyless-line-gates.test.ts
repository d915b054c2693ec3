// detectHardcodedSecrets reads two kinds of lines that carry no key word, a Slack webhook path kept apart from its host
// and a MySQL client's attached password, only when the added side's joined text holds "/B" or "-p" (one search of the
// joined text instead of one per line). These cases must still be read: a gate on the wrong literal would miss them.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("lines without a key word, read behind a joined-text gate", () => {
  it("reads a MySQL client's attached password, alone or among other lines", async () => {
    await expectArea("secrets", [
      ["mysqldump -p in a backup script", "scripts/backup.sh", ["+mysqldump -h db.acme-shop.io -u backup -pS3cretPw9 shop > dump.sql"]],
      ["mysql -p after other lines", "scripts/restore.sh", ["+#!/bin/sh", "+set -e", "+mysql -h db.acme-shop.io -u admin -pQz81mKd0wT shop < dump.sql"]],
    ], true);
  });
  it("reads a Slack webhook path kept apart from its host", async () => {
    await expectArea("secrets", [
      ["webhook path in Go", "internal/alerts/slack.go", [
        "+const webhookHost = \"https://hooks.slack.com/services\"",
        "+const webhookSuffix = \"/T04B7QK2D9L/B05H3JX6P1Q/kT9vXw2Lq8Zr4Yp1Nm6Bc3Df\"",
      ]],
    ], true);
  });
});
