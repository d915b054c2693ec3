// Round 11, access: a dashboard authorisation filter that admits every request (Hangfire's
// IDashboardAuthorizationFilter whose Authorize answers true with no condition on the caller) opens the job dashboard
// like a dashboard mounted without authentication; a filter that tests the user, role or request first does not.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("dashboard authorisation filters that admit everyone", () => {
  it("finds an Authorize(DashboardContext) that returns true outright", async () => {
    await check([
      ["block body", "Jobs/OpenDashboardFilter.cs", [
        "+public class OpenDashboardFilter : IDashboardAuthorizationFilter",
        "+{",
        "+    public bool Authorize([NotNull] DashboardContext context)",
        "+    {",
        "+        // every visitor may see the jobs",
        "+        return true;",
        "+    }",
        "+}",
      ], "access_mfa"],
      ["expression body", "Infrastructure/HangfireAuth.cs", [
        " public sealed class AllowAllFilter : IDashboardAuthorizationFilter",
        " {",
        "+    public bool Authorize(DashboardContext context) => true;",
        " }",
      ], "access_mfa"],
      ["async form", "Web/DashboardFilter.cs", [
        "+public class DashboardFilter : IDashboardAsyncAuthorizationFilter",
        "+{",
        "+    public Task<bool> AuthorizeAsync(DashboardContext context)",
        "+    {",
        "+        return Task.FromResult(true);",
        "+    }",
        "+}",
      ], "access_mfa"],
    ]);
  });

  it("leaves a filter that checks the caller first", async () => {
    await check([
      ["role test", "Jobs/AdminDashboardFilter.cs", [
        "+public class AdminDashboardFilter : IDashboardAuthorizationFilter",
        "+{",
        "+    public bool Authorize(DashboardContext context)",
        "+    {",
        "+        var http = context.GetHttpContext();",
        "+        return http.User.Identity.IsAuthenticated && http.User.IsInRole(\"Admin\");",
        "+    }",
        "+}",
      ], null],
      ["if before return true", "Jobs/LocalDashboardFilter.cs", [
        "+public class LocalDashboardFilter : IDashboardAuthorizationFilter",
        "+{",
        "+    public bool Authorize(DashboardContext context)",
        "+    {",
        "+        if (!context.GetHttpContext().User.Identity.IsAuthenticated) return false;",
        "+        return true;",
        "+    }",
        "+}",
      ], null],
      ["unrelated return true", "Services/Validator.cs", [
        "+    public bool Validate(OrderContext context)",
        "+    {",
        "+        return true;",
        "+    }",
      ], null],
    ]);
  });
});
