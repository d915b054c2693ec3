// Round-24 kinds of the access-round24a batch: a Kubernetes role granting every verb written in Terraform's kubernetes
// provider (`verbs = ["*"]`); a check named for the right to administer (`before_action :ensure_can_administer`) removed;
// a secret given as the fallback of Elixir's `System.get_env`; Spring Security's `@Secured` (or Shiro's `@RequiresUser`)
// added commented out over a live handler. Each with look-alikes that must stay quiet.
import { describe, it } from "@jest/globals";
import { expectArea } from "./support/check-rule-cases.js";

describe("every verb granted by a Kubernetes role in Terraform", () => {
  it("finds a kubernetes_cluster_role rule with verbs = [\"*\"]", async () => {
    await expectArea("access_mfa", [
      ["cluster role", "infra/k8s/ci.tf", [
        "+resource \"kubernetes_cluster_role\" \"ci_runner\" {",
        "+  metadata {",
        "+    name = \"ci-runner\"",
        "+  }",
        "+  rule {",
        "+    api_groups = [\"\", \"apps\"]",
        "+    resources  = [\"*\"]",
        "+    verbs      = [\"*\"]",
        "+  }",
        "+}",
        " ",
      ]],
      ["namespaced role", "modules/deployer/rbac.tf", [
        " resource \"kubernetes_role_v1\" \"deployer\" {",
        "   metadata {",
        "     name      = \"deployer\"",
        "     namespace = var.namespace",
        "   }",
        "   rule {",
        "     api_groups = [\"\"]",
        "     resources  = [\"secrets\", \"configmaps\"]",
        "-    verbs      = [\"get\", \"list\"]",
        "+    verbs      = [\"*\"]",
        "   }",
      ]],
    ], true);
  });

  it("stays quiet on listed verbs and on an operator's own API group", async () => {
    await expectArea("access_mfa", [
      ["listed verbs", "infra/k8s/ci.tf", [
        "+resource \"kubernetes_cluster_role\" \"ci_runner\" {",
        "+  metadata {",
        "+    name = \"ci-runner\"",
        "+  }",
        "+  rule {",
        "+    api_groups = [\"\", \"apps\"]",
        "+    resources  = [\"pods\", \"deployments\"]",
        "+    verbs      = [\"get\", \"list\", \"patch\"]",
        "+  }",
        "+}",
      ]],
      ["own api group", "infra/k8s/operator.tf", [
        "+resource \"kubernetes_cluster_role\" \"rollouts\" {",
        "+  metadata {",
        "+    name = \"rollouts-controller\"",
        "+  }",
        "+  rule {",
        "+    api_groups = [\"argoproj.io\"]",
        "+    resources  = [\"*\"]",
        "+    verbs      = [\"*\"]",
        "+  }",
        "+}",
      ]],
    ], false);
  });
});

describe("a check named for the right to administer, removed", () => {
  it("finds the filter or decorator taken out", async () => {
    await expectArea("access_mfa", [
      ["rails filter", "app/controllers/rooms/memberships_controller.rb", [
        " class Rooms::MembershipsController < ApplicationController",
        "-  before_action :ensure_can_administer",
        "   before_action :set_room",
        " ",
        "   def destroy",
      ]],
      ["python decorator", "app/views/teams.py", [
        " @bp.route(\"/teams/<int:team_id>/members/<int:user_id>\", methods=[\"DELETE\"])",
        "-@check_can_administrate",
        " def remove_member(team_id, user_id):",
        "     team = Team.query.get_or_404(team_id)",
      ]],
    ], true);
  });

  it("stays quiet on a medication's administration and on the filter moved", async () => {
    await expectArea("access_mfa", [
      ["medication", "app/controllers/doses_controller.rb", [
        " class DosesController < ApplicationController",
        "-  before_action :set_administration",
        "   before_action :set_patient",
        " ",
        "   def update",
      ]],
      ["moved", "app/controllers/rooms/memberships_controller.rb", [
        " class Rooms::MembershipsController < ApplicationController",
        "-  before_action :ensure_can_administer",
        "   before_action :set_room",
        "+  before_action :ensure_can_administer",
        " ",
        "   def destroy",
      ]],
    ], false);
  });
});

describe("a secret given as the fallback of Elixir's System.get_env", () => {
  it("finds the literal after || and as get_env's default", async () => {
    await expectArea("secrets", [
      ["or fallback", "config/runtime.exs", [
        " import Config",
        " ",
        "+guardian_key =",
        "+  System.get_env(\"GUARDIAN_SECRET_KEY\") || \"Qm8vT2xkR3lWc0pZbk5rL0hGd3Zx\"",
        "+",
        "+config :shop, Shop.Guardian, secret_key: guardian_key",
      ]],
      ["default argument", "config/prod.exs", [
        " config :shop, Shop.Repo,",
        "+  password: System.get_env(\"DATABASE_PASSWORD\", \"v7Lq2pRz9XkW4sNc\"),",
        "   pool_size: 10",
      ]],
    ], true);
  });

  it("stays quiet on a raise, a port and a placeholder", async () => {
    await expectArea("secrets", [
      ["raise", "config/runtime.exs", [
        "+secret_key_base =",
        "+  System.get_env(\"SECRET_KEY_BASE\") ||",
        "+    raise \"environment variable SECRET_KEY_BASE is missing.\"",
      ]],
      ["port", "config/runtime.exs", [
        "+port = String.to_integer(System.get_env(\"PORT\") || \"4000\")",
      ]],
      ["placeholder", "config/dev.exs", [
        "+  secret_key_base: System.get_env(\"SECRET_KEY_BASE\", \"changeme\"),",
      ]],
    ], false);
  });
});

describe("Spring's @Secured or Shiro's @RequiresUser added commented out", () => {
  it("finds the guard switched off over a live handler", async () => {
    await expectArea("access_mfa", [
      ["java secured", "src/main/java/com/acme/shop/web/AdminOrderController.java", [
        "+@RestController",
        "+@RequestMapping(\"/api/admin/orders\")",
        "+public class AdminOrderController {",
        "+    @GetMapping",
        "+//    @Secured(\"ROLE_ADMIN\")",
        "+    public List<OrderDto> all() {",
        "+        return orderService.findAll();",
        "+    }",
        "+}",
      ]],
      ["shiro", "src/main/java/com/acme/shop/web/ProfileController.java", [
        "     @PostMapping(\"/profile/address\")",
        "+    // @RequiresUser",
        "     public String saveAddress(@ModelAttribute AddressForm form) {",
        "         profileService.saveAddress(form);",
      ]],
    ], true);
  });

  it("stays quiet when the guard stays live on the class or the handler is commented out whole", async () => {
    await expectArea("access_mfa", [
      ["class level", "src/main/java/com/acme/shop/web/AdminOrderController.java", [
        "+@RestController",
        "+@Secured(\"ROLE_ADMIN\")",
        "+@RequestMapping(\"/api/admin/orders\")",
        "+public class AdminOrderController {",
        "+    @GetMapping",
        "+    // @Secured(\"ROLE_ADMIN\")",
        "+    public List<OrderDto> all() {",
        "+        return orderService.findAll();",
        "+    }",
        "+}",
      ]],
      ["whole handler", "src/main/java/com/acme/shop/web/AdminOrderController.java", [
        "     @GetMapping",
        "     public List<OrderDto> all() { return orderService.findAll(); }",
        "+",
        "+//    @Secured(\"ROLE_ADMIN\")",
        "+//    @DeleteMapping(\"/{id}\")",
        "+//    public void delete(@PathVariable long id) {",
        "+//        orderService.delete(id);",
        "+//    }",
        " }",
      ]],
      ["live", "src/main/java/com/acme/shop/web/AdminOrderController.java", [
        "     @GetMapping",
        "+    @Secured(\"ROLE_ADMIN\")",
        "     public List<OrderDto> all() {",
      ]],
    ], false);
  });
});
