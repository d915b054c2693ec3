-- Console accounts (a person, several sign-in methods), organisation members and invitations.
-- Sessions are now keyed by console account: the GitHub-keyed sessions cannot be mapped to one,
-- so they end here and everyone signs in again once.
DELETE FROM "console_sessions";

-- AlterTable
ALTER TABLE "console_sessions" DROP COLUMN "user_id",
DROP COLUMN "user_login",
ADD COLUMN     "account_id" TEXT NOT NULL,
ADD COLUMN     "github_login" TEXT,
ADD COLUMN     "github_user_id" BIGINT,
ADD COLUMN     "linking_expires_at" TIMESTAMP(3),
ADD COLUMN     "linking_method" TEXT,
ADD COLUMN     "method" TEXT NOT NULL,
ALTER COLUMN "access_token" DROP NOT NULL;

-- CreateTable
CREATE TABLE "console_accounts" (
    "id" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "console_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "console_identities" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "display_name" TEXT NOT NULL,
    "github_login" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "console_identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organisation_members" (
    "organisation_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "role" TEXT,
    "github_admin" BOOLEAN NOT NULL DEFAULT false,
    "github_checked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "organisation_members_pkey" PRIMARY KEY ("organisation_id","account_id")
);

-- CreateTable
CREATE TABLE "organisation_invitations" (
    "id" TEXT NOT NULL,
    "organisation_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT,
    "github_login" TEXT,
    "role" TEXT NOT NULL,
    "invited_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "accepted_by" TEXT,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "organisation_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "console_identities_account_id_idx" ON "console_identities"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "console_identities_method_subject_key" ON "console_identities"("method", "subject");

-- CreateIndex
CREATE INDEX "organisation_members_account_id_idx" ON "organisation_members"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "organisation_invitations_token_hash_key" ON "organisation_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "organisation_invitations_organisation_id_idx" ON "organisation_invitations"("organisation_id");

-- CreateIndex
CREATE INDEX "console_sessions_account_id_idx" ON "console_sessions"("account_id");

-- AddForeignKey
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "console_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_identities" ADD CONSTRAINT "console_identities_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "console_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "console_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

