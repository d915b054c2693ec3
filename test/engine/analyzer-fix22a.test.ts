// Kinds from the round-22 access batch (access-round22a): a refusal answered by a helper named for it (`AbortForbidden(c)`,
// `handle_no_permission()`, `render_forbidden`); a refusal removed on its own with its condition or branch kept; guard
// registrations of more frameworks taken out (a Phoenix scope's guard pipeline, a Shiro filter named for the check,
// Django REST framework's project-wide default permission, a requirement of Yii's or HumHub's controller access rules);
// Yii's static logger writing personal data; and, kept quiet, a Kubernetes role's wildcard on its own custom API groups.
// Each with the look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("refusals answered by a helper named for them", () => {
  it("finds a role or identity condition removed with its refusal helper", async () => {
    await check([
      ["Go AbortUnauthorized helper", "internal/api/photos.go", [
        "\t\tid := c.Param(\"id\")",
        "-\t\tif !s.IsAdmin() && !s.CanEdit(id) {",
        "-\t\t\tAbortUnauthorized(c)",
        "-\t\t\treturn",
        "-\t\t}",
        "\t\tphoto, err := query.PhotoByID(id)",
      ], "access_mfa"],
      ["Django mixin handle_no_permission on a superuser test", "core/views/mixins.py", [
        "     def dispatch(self, request, *args, **kwargs):",
        "-        if not request.user.is_superuser:",
        "-            return self.handle_no_permission()",
        "         return super().dispatch(request, *args, **kwargs)",
      ], "access_mfa"],
      ["DRF permission_denied on a staff test", "api/views.py", [
        "     def initial(self, request, *args, **kwargs):",
        "-        if not request.user.is_staff:",
        "-            self.permission_denied(request, message=\"staff only\")",
        "         super().initial(request, *args, **kwargs)",
      ], "access_mfa"],
      ["Ruby render_forbidden unless admin", "app/controllers/reports_controller.rb", [
        "   def export",
        "-    return render_forbidden unless current_user.admin?",
        "     send_data Report.to_csv",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on a validation answered by a helper, and a helper kept in a rewritten check", async () => {
    await check([
      ["bad request helper", "internal/api/photos.go", [
        "\t\tid := c.Param(\"id\")",
        "-\t\tif id == \"\" {",
        "-\t\t\tAbortBadRequest(c)",
        "-\t\t\treturn",
        "-\t\t}",
        "\t\tphoto, err := query.PhotoByID(id)",
      ], null],
      ["helper kept", "core/views/mixins.py", [
        "     def dispatch(self, request, *args, **kwargs):",
        "-        if not request.user.is_superuser:",
        "+        if not (request.user.is_superuser or request.user.is_staff):",
        "             return self.handle_no_permission()",
        "         return super().dispatch(request, *args, **kwargs)",
      ], null],
    ]);
  });
});

describe("a refusal removed on its own, its condition or branch kept", () => {
  it("finds the final deny of a decision method, an else branch's refusal and a refusal under a kept if", async () => {
    await check([
      ["Java deny at the end of a voter", "src/main/java/com/acme/security/UrlAccessVoter.java", [
        "                 return;",
        "             }",
        "         }",
        "-        throw new AccessDeniedException(\"access is denied\");",
        "     }",
      ], "access_mfa"],
      ["Python else branch", "reports/views.py", [
        "     if request.user.has_perm(\"reports.view\"):",
        "         return render(request, \"reports/index.html\")",
        "     else:",
        "-        raise PermissionDenied",
      ], "access_mfa"],
      ["TypeScript 403 replaced by a log", "src/routes/billing.ts", [
        "   if (req.user.role !== \"owner\") {",
        "-    return res.status(403).json({ error: \"forbidden\" });",
        "+    logger.warn(\"non-owner opened billing\");",
        "   }",
      ], "access_mfa"],
      ["Go gRPC PermissionDenied under a kept if", "internal/service/projects.go", [
        "\tif !member {",
        "-\t\treturn nil, status.Error(codes.PermissionDenied, \"not a member\")",
        "\t}",
        "\treturn s.store.Project(ctx, id)",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on status mapping, handlers, rewrites and other exits", async () => {
    await check([
      ["case 403 mapping", "src/main/java/com/acme/client/ApiClient.java", [
        "             case 403:",
        "-                throw new ForbiddenException(body);",
        "             case 404:",
      ], null],
      ["catch rethrow", "src/main/java/com/acme/client/ApiClient.java", [
        "         } catch (HttpClientErrorException e) {",
        "-            throw new AccessDeniedException(e.getMessage());",
        "         }",
      ], null],
      ["client reacting to 401", "src/api/http.ts", [
        "   if (response.status === 401) {",
        "-    throw new Error(\"Unauthorized\");",
        "+    signOut();",
        "   }",
      ], null],
      ["another exception", "src/main/java/com/acme/security/UrlAccessVoter.java", [
        "         }",
        "-        throw new AccessDeniedException(\"access is denied\");",
        "+        throw new InsufficientRoleException(\"no matching role\");",
        "     }",
      ], null],
      ["another status", "src/routes/session.ts", [
        "   if (!valid) {",
        "-    return res.status(401).json({ error: \"unauthorized\" });",
        "+    return res.status(400).json({ error: \"invalid credentials\" });",
        "   }",
      ], null],
    ]);
  });
});

describe("guard registrations of more frameworks taken out", () => {
  it("finds a Phoenix guard pipeline, a Shiro filter named for the check, DRF's default permission and Yii access rules", async () => {
    await check([
      ["Phoenix pipe_through list with a guard", "lib/shop_web/router.ex", [
        "   scope \"/manage\", ShopWeb do",
        "-    pipe_through [:browser, :require_authenticated_user]",
        " ",
        "     live \"/orders\", OrderLive.Index, :index",
      ], "access_mfa"],
      ["Shiro jwt filter (Kotlin)", "src/main/kotlin/com/acme/config/ShiroConfig.kt", [
        "         chain.addPathDefinition(\"/login\", \"anon\")",
        "-        chain.addPathDefinition(\"/api/**\", \"jwtFilter\")",
        "         return chain",
      ], "access_mfa"],
      ["Shiro token filter (Java)", "src/main/java/com/acme/config/ShiroConfig.java", [
        "         map.put(\"/static/**\", \"anon\");",
        "-        map.put(\"/**\", \"authToken\");",
        "         bean.setFilterChainDefinitionMap(map);",
      ], "access_mfa"],
      ["DRF default permission over lines", "config/settings/base.py", [
        " REST_FRAMEWORK = {",
        "-    \"DEFAULT_PERMISSION_CLASSES\": (",
        "-        \"core.permissions.TenantMemberPermission\",",
        "-    ),",
        "     \"PAGE_SIZE\": 50,",
      ], "access_mfa"],
      ["HumHub login requirement", "protected/modules/wiki/controllers/PageController.php", [
        "     protected function getAccessRules()",
        "     {",
        "         return [",
        "-            ['login'],",
        "             ['permissions' => [EditPages::class], 'actions' => ['edit']],",
        "         ];",
      ], "access_mfa"],
      ["Yii 2 roles line of an allow rule", "controllers/ReportController.php", [
        "                 'rules' => [",
        "                     [",
        "                         'allow' => true,",
        "-                        'roles' => ['manager'],",
        "                     ],",
      ], "access_mfa"],
      ["Yii 1 deny rule", "protected/controllers/InvoiceController.php", [
        "\tpublic function accessRules()",
        "\t{",
        "\t\treturn array(",
        "\t\t\tarray('allow', 'actions'=>array('view'), 'users'=>array('@')),",
        "-\t\t\tarray('deny', 'users'=>array('*')),",
        "\t\t);",
      ], "access_mfa"],
    ]);
  });

  it("stays quiet on open pipelines, removed scopes, anonymous filters, AllowAny defaults and removed allow rules", async () => {
    await check([
      ["browser pipeline", "lib/shop_web/router.ex", [
        "   scope \"/\", ShopWeb do",
        "-    pipe_through :browser",
        "     get \"/\", PageController, :home",
      ], null],
      ["scope removed whole", "lib/shop_web/router.ex", [
        "   end",
        "-  scope \"/manage\", ShopWeb do",
        "-    pipe_through [:browser, :require_admin]",
        "-    live \"/orders\", OrderLive.Index, :index",
        "-  end",
      ], null],
      ["Shiro anon path", "src/main/java/com/acme/config/ShiroConfig.java", [
        "         map.put(\"/static/**\", \"anon\");",
        "-        map.put(\"/captcha\", \"anon\");",
        "         bean.setFilterChainDefinitionMap(map);",
      ], null],
      ["OAuth request parameter", "src/main/java/com/acme/client/TokenClient.java", [
        "         Map<String, String> form = new HashMap<>();",
        "-        form.put(\"grant_type\", \"authorization_code\");",
        "         return post(form);",
      ], null],
      ["AllowAny default removed", "config/settings/base.py", [
        " REST_FRAMEWORK = {",
        "-    \"DEFAULT_PERMISSION_CLASSES\": [\"rest_framework.permissions.AllowAny\"],",
        "     \"PAGE_SIZE\": 50,",
      ], null],
      ["default permission rewritten", "config/settings/base.py", [
        " REST_FRAMEWORK = {",
        "-    \"DEFAULT_PERMISSION_CLASSES\": [\"core.permissions.TenantMemberPermission\"],",
        "+    \"DEFAULT_PERMISSION_CLASSES\": [\"core.permissions.TenantMemberPermission\", \"core.permissions.ActiveTenant\"],",
        "     \"PAGE_SIZE\": 50,",
      ], null],
      ["Yii 2 allow rule removed whole", "controllers/ReportController.php", [
        "                 'rules' => [",
        "-                    [",
        "-                        'allow' => true,",
        "-                        'roles' => ['@'],",
        "-                    ],",
        "                 ],",
      ], null],
      ["model casts", "app/Models/Member.php", [
        "     protected $casts = [",
        "-        'roles' => 'array',",
        "     ];",
      ], null],
    ]);
  });
});

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

describe("Kubernetes roles on their own custom API groups", () => {
  it("stays quiet on every verb over a product's own API groups", async () => {
    await check([
      ["operator's own groups", "deploy/operator/role.yaml", [
        "+apiVersion: rbac.authorization.k8s.io/v1",
        "+kind: ClusterRole",
        "+metadata:",
        "+  name: backup-operator",
        "+rules:",
        "+  - apiGroups: [\"backup.acme.io\", \"restore.acme.io\"]",
        "+    resources: [\"*\"]",
        "+    verbs: [\"*\"]",
      ], null],
    ]);
  });

  it("still finds every verb over the core group, a built-in group or every group", async () => {
    await check([
      ["core group", "deploy/operator/role.yaml", [
        "+kind: ClusterRole",
        "+rules:",
        "+  - apiGroups: [\"\"]",
        "+    resources: [\"*\"]",
        "+    verbs: [\"*\"]",
      ], "access_mfa"],
      ["built-in group beside its own", "deploy/operator/role.yaml", [
        "+kind: ClusterRole",
        "+rules:",
        "+  - apiGroups: [\"backup.acme.io\", \"apps\"]",
        "+    resources: [\"*\"]",
        "+    verbs: [\"*\"]",
      ], "access_mfa"],
      ["k8s.io group", "deploy/operator/role.yaml", [
        "+kind: ClusterRole",
        "+rules:",
        "+  - apiGroups: [\"rbac.authorization.k8s.io\"]",
        "+    resources: [\"*\"]",
        "+    verbs: [\"*\"]",
      ], "access_mfa"],
    ]);
  });
});
