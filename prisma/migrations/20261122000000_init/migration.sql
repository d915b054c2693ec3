-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "installations" (
    "id" BIGINT NOT NULL,
    "account_login" TEXT NOT NULL,
    "account_type" TEXT NOT NULL DEFAULT 'Organization',
    "status" TEXT NOT NULL DEFAULT 'active',
    "trigger_mode" TEXT NOT NULL DEFAULT 'auto',
    "plan" TEXT NOT NULL DEFAULT 'free',
    "trial_started_at" TIMESTAMP(3),
    "overage_enabled" BOOLEAN NOT NULL DEFAULT false,
    "grant_period" TEXT,
    "grant_amount" INTEGER,
    "granted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "installations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repositories" (
    "id" BIGINT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "full_name" TEXT NOT NULL,
    "private" BOOLEAN NOT NULL,
    "removed_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repositories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repository_trigger_overrides" (
    "installation_id" BIGINT NOT NULL,
    "repo_full_name" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repository_trigger_overrides_pkey" PRIMARY KEY ("installation_id","repo_full_name")
);

-- CreateTable
CREATE TABLE "organisations" (
    "id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "claimed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "configurations" (
    "organisation_id" TEXT NOT NULL,
    "profile" JSON NOT NULL DEFAULT '{}',
    "frameworks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eu_inference" BOOLEAN NOT NULL DEFAULT false,
    "review_language" TEXT NOT NULL DEFAULT 'en',
    "commitments" JSON NOT NULL DEFAULT '[]',
    "commitments_updated_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "configurations_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "organisation_id" TEXT NOT NULL,
    "name" TEXT,
    "display_prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_records" (
    "id" TEXT NOT NULL,
    "organisation_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "api_key_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("api_key_id","key")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_jobs" (
    "id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "repository_id" BIGINT NOT NULL,
    "repo_full_name" TEXT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "head_sha" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_after" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMP(3),
    "last_error" TEXT,
    "check_run_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "review_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pull_request_states" (
    "repository_id" BIGINT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "summary_comment_id" BIGINT,
    "last_reviewed_sha" TEXT,
    "posted_findings" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pull_request_states_pkey" PRIMARY KEY ("repository_id","pull_number")
);

-- CreateTable
CREATE TABLE "review_runs" (
    "id" TEXT NOT NULL,
    "job_id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "repository_id" BIGINT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "head_sha" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "findings_count" INTEGER NOT NULL DEFAULT 0,
    "engine" TEXT NOT NULL,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_records" (
    "id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "period" TEXT NOT NULL,
    "visibility" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "repository_id" BIGINT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usage_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "repositories_installation_id_idx" ON "repositories"("installation_id");

-- CreateIndex
CREATE UNIQUE INDEX "organisations_installation_id_key" ON "organisations"("installation_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_organisation_id_idx" ON "api_keys"("organisation_id");

-- CreateIndex
CREATE INDEX "audit_records_organisation_id_created_at_idx" ON "audit_records"("organisation_id", "created_at");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_received_at_idx" ON "webhook_deliveries"("received_at");

-- CreateIndex
CREATE INDEX "review_jobs_status_run_after_idx" ON "review_jobs"("status", "run_after");

-- CreateIndex
CREATE INDEX "review_jobs_repository_id_pull_number_idx" ON "review_jobs"("repository_id", "pull_number");

-- CreateIndex
CREATE INDEX "review_runs_installation_id_created_at_idx" ON "review_runs"("installation_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "usage_records_installation_id_period_repository_id_pull_num_key" ON "usage_records"("installation_id", "period", "repository_id", "pull_number");

-- CreateIndex
CREATE UNIQUE INDEX "usage_records_installation_id_period_pool_slot_key" ON "usage_records"("installation_id", "period", "pool", "slot");

-- AddForeignKey
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_installation_id_fkey" FOREIGN KEY ("installation_id") REFERENCES "installations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repository_trigger_overrides" ADD CONSTRAINT "repository_trigger_overrides_installation_id_fkey" FOREIGN KEY ("installation_id") REFERENCES "installations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_installation_id_fkey" FOREIGN KEY ("installation_id") REFERENCES "installations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_installation_id_fkey" FOREIGN KEY ("installation_id") REFERENCES "installations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

