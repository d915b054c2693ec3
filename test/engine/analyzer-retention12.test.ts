// Round 12: purge and retention jobs taken out, in the documented forms a probe of 28 scheduler and ORM idioms found
// unread: Azure Functions timers, Quartz jobs (a builder's .build() is not a build artefact), Bull repeatable jobs and
// hyphenated job names, pg_cron (SQL's DELETE FROM is not an import), and records deleted by age in code (Rails,
// Django, Laravel, Prisma, Mongoose, SQL). Sessions, tokens and caches deleted by age are not people's records.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("retention jobs taken out", () => {
  it("finds more scheduler forms and age-based deletions in code", async () => {
    await check([
      ["Azure Functions timer", "Functions/Cleanup.cs", ['-        [FunctionName("PurgeOldRecords")]', '-        public static void Run([TimerTrigger("0 0 3 * * *")] TimerInfo timer)'], "pii_retention"],
      ["Quartz job", "src/main/java/com/x/QuartzConfig.java", ['-        return JobBuilder.newJob(AnonymizeCustomersJob.class).withIdentity("anonymizeCustomers").storeDurably().build();'], "pii_retention"],
      ["Bull repeatable job", "src/queues.ts", ["-await cleanupQueue.add('delete-expired-accounts', {}, { repeat: { cron: '0 3 * * *' } });"], "pii_retention"],
      ["pg_cron", "db/jobs.sql", ["-SELECT cron.schedule('purge-old-events', '0 3 * * *', $$DELETE FROM events WHERE created_at < now() - interval '90 days'$$);"], "pii_retention"],
      ["Rails by age", "app/jobs/cleanup_job.rb", ["-    User.where('last_sign_in_at < ?', 2.years.ago).destroy_all"], "pii_retention"],
      ["Django by age", "accounts/management/commands/prune.py", ["-        Applicant.objects.filter(created__lt=cutoff).delete()"], "pii_retention"],
      ["Laravel by age", "app/Console/Commands/Prune.php", ["-        Customer::where('updated_at', '<', now()->subYears(2))->delete();"], "pii_retention"],
      ["Prisma by age", "src/jobs/prune.ts", ["-  await prisma.user.deleteMany({ where: { deletedAt: { lt: cutoff } } });"], "pii_retention"],
      ["Mongoose by age", "src/jobs/prune.js", ["-  await Patient.deleteMany({ dischargedAt: { $lt: cutoff } });"], "pii_retention"],
      ["SQL by age", "scripts/prune.sql", ["-DELETE FROM applicants WHERE created_at < NOW() - INTERVAL '2 years';"], "pii_retention"],
    ]);
  });

  it("leaves sessions, tokens, imports and build artefacts alone", async () => {
    await check([
      ["sessions by age", "app/jobs/cleanup_job.rb", ["-    Session.where('updated_at < ?', 30.days.ago).delete_all"], null],
      ["tokens by age", "src/jobs/prune.ts", ["-  await prisma.refreshToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });"], null],
      ["an import of a purge function", "src/jobs/index.ts", ["-import { purgeExpiredAccounts } from './purge';"], null],
      ["orphan build configuration rows", "settings/base.py", ["         },", '-        "every-day-delete-old-buildconfig-models": {', '-            "task": "builds.tasks.remove_orphan_build_config",', '-            "schedule": crontab(minute=30, hour=2),', "-        },"], null],
      ["a job renamed", "src/queues.ts", ["-await cleanupQueue.add('delete-expired-accounts', {}, { repeat: { cron: '0 3 * * *' } });", "+await cleanupQueue.add('delete-expired-accounts', {}, { repeat: { cron: '0 4 * * *' } });"], null],
    ]);
  });
});
