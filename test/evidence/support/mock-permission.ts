// GitHub's "get repository permissions for a user" faked with nock, checked against GitHub's
// OpenAPI description like every other call. Register it before the harness: nock answers with
// the first interceptor that matches, and the fake GitHub's catch-all comes after.
import nock from "nock";
import { matchOperation } from "../../github/support/openapi-validator.js";
import { REPO } from "../../github/support/payloads.js";

export interface PermissionMock {
  calls: string[];
  violations: string[];
}

export function mockPermission(login: string, answer: "admin" | "write" | "read" | "none" | { status: number }): PermissionMock {
  const mock: PermissionMock = { calls: [], violations: [] };
  const path = `/repos/${REPO}/collaborators/${login}/permission`;
  nock("https://api.github.com")
    .get(path)
    .reply((uri) => {
      mock.calls.push(uri);
      const matched = matchOperation("GET", new URL(uri, "https://api.github.com").pathname, undefined);
      if (matched?.operationId !== "repos/get-collaborator-permission-level") mock.violations.push(`${uri}: ${matched?.operationId ?? "no operation"}`);
      else mock.violations.push(...matched.errors);
      if (typeof answer === "object") return [answer.status, { message: answer.status === 404 ? "Not Found" : "Server Error" }];
      const role = answer === "write" ? "maintain" : answer;
      return [200, { permission: answer, role_name: role, user: { login, id: 21031067, type: "User" } }];
    });
  return mock;
}
