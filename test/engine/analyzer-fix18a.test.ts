// From the round-18 blind access batch (access-round18-untuned.yaml), read after it was scored: guard registrations
// written commented out above the live routes they guarded. Each kind has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-18 blind access_mfa fixes (fix18a)", () => {
  it("guard registration commented out above the live routes it guarded", async () => {
    await check([
      ["Express router-wide guard switched off", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+const invoices = require('../controllers/invoices');",
        "+const requireAuth = require('../middleware/requireAuth');",
        "+",
        "+// router.use(requireAuth);",
        "+router.get('/', invoices.list);",
        "+router.delete('/:id', invoices.remove);",
      ], "access_mfa"],
      ["gin group guard switched off", "internal/server/routes.go", [
        "+\tapi := r.Group(\"/api\")",
        "+\t// api.Use(middleware.JWTAuth())",
        "+\tapi.GET(\"/accounts\", h.ListAccounts)",
        "+\tapi.DELETE(\"/accounts/:id\", h.DeleteAccount)",
      ], "access_mfa"],
      ["Laravel group's auth middleware left in a comment above the same group without it", "routes/api.php", [
        "+<?php",
        "+use Illuminate\\Support\\Facades\\Route;",
        "+",
        "+// Route::middleware(['auth:api'])->prefix('orders')->group(function () {",
        "+//     Route::get('/', [OrderController::class, 'index']);",
        "+// });",
        "+Route::prefix('orders')->group(function () {",
        "+    Route::get('/', [OrderController::class, 'index']);",
        "+});",
      ], "access_mfa"],
      ["look-alike: the guard registered live further down (moved)", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+// router.use(requireAuth);",
        "+router.get('/health', health);",
        "+router.use(requireAuth);",
        "+router.get('/', invoices.list);",
      ], null],
      ["look-alike: a guarded route switched off above another path's route", "src/routes/invoices.js", [
        "+const router = require('express').Router();",
        "+// router.use('/admin', requireAdmin, adminRoutes);",
        "+router.use('/catalogue', catalogueRoutes);",
      ], null],
      ["look-alike: Laravel group below keeps its own auth middleware", "routes/api.php", [
        "+<?php",
        "+// Route::middleware('auth:sanctum')->get('/user', fn (Request $r) => $r->user());",
        "+Route::middleware('auth:api')->prefix('orders')->group(function () {",
        "+    Route::get('/', [OrderController::class, 'index']);",
        "+});",
      ], null],
    ]);
  });
});
