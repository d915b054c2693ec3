-- CreateTable
CREATE TABLE "marketplace_accounts" (
    "account_id" BIGINT NOT NULL,
    "account_login" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "marketplace_plan_id" BIGINT NOT NULL,
    "marketplace_plan_name" TEXT NOT NULL,
    "pending_plan" TEXT,
    "pending_effective_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "marketplace_accounts_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "marketplace_accounts_account_login_idx" ON "marketplace_accounts"("account_login");

