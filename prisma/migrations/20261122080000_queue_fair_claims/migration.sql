-- CreateTable
CREATE TABLE "review_queue_turns" (
    "installation_id" BIGINT NOT NULL,
    "turn" BIGINT NOT NULL,

    CONSTRAINT "review_queue_turns_pkey" PRIMARY KEY ("installation_id")
);

-- CreateIndex
CREATE INDEX "review_jobs_installation_id_status_created_at_idx" ON "review_jobs"("installation_id", "status", "created_at");
