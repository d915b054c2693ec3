-- Console sign-in by OpenID Connect and by e-mail magic link: sign-ins in progress (hashes only).
-- CreateTable
CREATE TABLE "console_oidc_sign_ins" (
    "state_hash" TEXT NOT NULL,
    "browser_hash" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "console_oidc_sign_ins_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "console_email_sign_ins" (
    "token_hash" TEXT NOT NULL,
    "browser_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "console_email_sign_ins_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "console_oidc_sign_ins_expires_at_idx" ON "console_oidc_sign_ins"("expires_at");

-- CreateIndex
CREATE INDEX "console_email_sign_ins_expires_at_idx" ON "console_email_sign_ins"("expires_at");

