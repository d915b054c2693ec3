-- Console: who created an API key and when it was last used; sign-in states and sessions.
ALTER TABLE "api_keys" ADD COLUMN "created_by" TEXT,
ADD COLUMN "last_used_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "console_sign_in_states" (
    "state_hash" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "console_sign_in_states_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "console_sessions" (
    "id_hash" TEXT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "user_login" TEXT NOT NULL,
    "access_token" TEXT NOT NULL,
    "installations" JSONB NOT NULL DEFAULT '[]',
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "console_sessions_pkey" PRIMARY KEY ("id_hash")
);

-- CreateIndex
CREATE INDEX "console_sign_in_states_expires_at_idx" ON "console_sign_in_states"("expires_at");

-- CreateIndex
CREATE INDEX "console_sessions_expires_at_idx" ON "console_sessions"("expires_at");
