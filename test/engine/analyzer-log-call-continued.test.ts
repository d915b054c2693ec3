// Arguments added inside a logging call whose first line is unchanged: the added lines are what the pull request
// starts writing to the log. Only the added lines count, so a call that already logged an e-mail address, given a
// harmless new argument, stays quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("logging calls continued on added lines", () => {
  it("finds personal data or a secret added as an argument under an unchanged first line", async () => {
    await check([
      ["python email argument", "app/signup.py", ['     logger.info("signup from %s at %s",', "+        user.email,", "         request_time)"], "logging"],
      ["php headers", "app/Http/Middleware/Authenticate.php", ["         Log::warning('auth failed', [", "+            'headers' => $request->headers->all(),", "             'path' => $request->path(),", "         ]);"], "logging"],
      ["java token", "src/main/java/acme/Auth.java", ['         log.debug("refresh for {} with {}",', "+            userId, refreshToken);"], "logging"],
    ]);
  });

  it("stays quiet when the added argument is harmless, or the call closed before the added lines", async () => {
    await check([
      ["harmless argument to a call that logged email before", "app/signup.py", ['     logger.info("signup from %s in %s ms",', "+        elapsed_ms,", "         region)"], null],
      ["call closed above", "app/signup.py", ['     logger.info("signup done")', "+    user.email = normalise(user.email)"], null],
    ]);
  });
});
