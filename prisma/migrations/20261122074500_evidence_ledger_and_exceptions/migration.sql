-- CreateTable
CREATE TABLE "pull_request_findings" (
    "id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "repository_id" BIGINT NOT NULL,
    "repo_full_name" TEXT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "controls" JSONB NOT NULL DEFAULT '[]',
    "first_seen_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,
    "last_seen_sha" TEXT NOT NULL,
    "fixed_at" TIMESTAMP(3),
    "fixed_sha" TEXT,

    CONSTRAINT "pull_request_findings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "finding_exceptions" (
    "id" TEXT NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "repository_id" BIGINT NOT NULL,
    "repo_full_name" TEXT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "accepted_by" TEXT NOT NULL,
    "accepted_by_id" BIGINT,
    "accepted_with" TEXT NOT NULL,
    "accepted_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3),
    "comment_url" TEXT,
    "revoked_at" TIMESTAMP(3),
    "revoked_by" TEXT,

    CONSTRAINT "finding_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pull_request_closures" (
    "repository_id" BIGINT NOT NULL,
    "pull_number" INTEGER NOT NULL,
    "installation_id" BIGINT NOT NULL,
    "repo_full_name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "html_url" TEXT NOT NULL,
    "merged" BOOLEAN NOT NULL,
    "merged_by" TEXT,
    "merged_at" TIMESTAMP(3),
    "merge_commit_sha" TEXT,
    "closed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pull_request_closures_pkey" PRIMARY KEY ("repository_id","pull_number")
);

-- CreateIndex
CREATE INDEX "pull_request_findings_installation_id_last_seen_at_idx" ON "pull_request_findings"("installation_id", "last_seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "pull_request_findings_repository_id_pull_number_fingerprint_key" ON "pull_request_findings"("repository_id", "pull_number", "fingerprint");

-- CreateIndex
CREATE INDEX "finding_exceptions_installation_id_accepted_at_idx" ON "finding_exceptions"("installation_id", "accepted_at");

-- CreateIndex
CREATE INDEX "finding_exceptions_repository_id_pull_number_fingerprint_idx" ON "finding_exceptions"("repository_id", "pull_number", "fingerprint");

-- CreateIndex
CREATE INDEX "pull_request_closures_installation_id_closed_at_idx" ON "pull_request_closures"("installation_id", "closed_at");

