// Kinds from the round-22 access batch (access-round22a): a refusal answered by a helper named for it (`AbortForbidden(c)`,
// `handle_no_permission()`, `render_forbidden`); a refusal removed on its own with its condition or branch kept; guard
// registrations of more frameworks taken out (a Phoenix scope's guard pipeline, a Shiro filter named for the check,
// Django REST framework's project-wide default permission, a requirement of Yii's or HumHub's controller access rules);
// Yii's static logger writing personal data; and, kept quiet, a Kubernetes role's wildcard on its own custom API groups.
// Each with the look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("Yii's static logger", () => {
  it("finds personal data written with Yii::warning and Yii::info", async () => {
    await check([
      ["email in a warning", "components/Mailer.php", [
        "         } catch (\\Exception $e) {",
        "+            Yii::warning('Delivery failed for ' . $user->email . ': ' . $e->getMessage());",
        "         }",
      ], "logging"],
      ["phone in an info", "components/SmsSender.php", [
        "         $sent = $this->client->send($message);",
        "+        \\Yii::info(\"SMS sent to {$customer->phone}\", __METHOD__);",
        "         return $sent;",
      ], "logging"],
    ]);
  });

  it("stays quiet on ids and error messages", async () => {
    await check([
      ["id and error", "components/Mailer.php", [
        "         } catch (\\Exception $e) {",
        "+            Yii::error('Delivery failed for user #' . $user->id . ': ' . $e->getMessage());",
        "         }",
      ], null],
    ]);
  });
});
