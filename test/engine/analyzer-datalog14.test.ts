// Round 14, personal data, logging and subprocessors (datalog-round14.yaml): purge jobs named for the age of what they
// delete (clean_old_notifications, cleanup-expired-messages) and Celery tasks (@shared_task, tasks.py) taken out;
// notifications deleted by age; national identity numbers named "personal number" and by their national names; and a
// logged request field named as an id or a count (req.body.orderId, request.json["order_id"]) that is no personal data.
// Each kind has a look-alike that must stay silent.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("round-14 datalog kinds", () => {
  it("finds purge jobs named for age and Celery clean-up tasks taken out", async () => {
    await check([
      ["a Celery beat entry cleaning up old notifications removed", "config/celery.py", [
        " app.autodiscover_tasks()",
        "-app.conf.beat_schedule = {",
        "-    'cleanup-notifications': {",
        "-        'task': 'notifications.tasks.cleanup_old_notifications',",
        "-        'schedule': crontab(hour=2, minute=00),",
        "-    },",
        "-}",
      ], "pii_retention"],
      ["a Celery shared task deleting old notifications removed", "apps/notifications/tasks.py", [
        " from apps.notifications.models import Notification",
        "-@shared_task",
        "-def clean_old_notifications():",
        "-    Notification.objects.filter(is_read=True, created_at__lt=now() - timedelta(days=30)).delete()",
      ], "pii_retention"],
      ["a sidekiq-cron entry cleaning up old messages removed", "config/sidekiq.yml", [
        " :schedule:",
        "-  cleanup_old_messages:",
        "-    cron: '0 3 * * *'",
        "-    class: CleanupOldMessagesWorker",
      ], "pii_retention"],
      ["a node-cron job cleaning up expired submissions removed", "src/cron.js", [
        " const cron = require('node-cron');",
        "-cron.schedule('0 0 * * *', () => {",
        "-  cleanupExpiredSubmissions();",
        "-});",
      ], "pii_retention"],
      ["notifications deleted by age in a service, removed", "app/services/housekeeping.py", [
        " def purge():",
        "-    Notification.objects.filter(created_at__lt=cutoff).delete()",
      ], "pii_retention"],
    ]);
  });

  it("leaves clean-up of files, added jobs and updates alone", async () => {
    await check([
      ["a Celery task removing old thumbnails removed", "app/tasks.py", [" from celery import shared_task", "-@shared_task", "-def clean_old_thumbnails():", "-    shutil.rmtree(THUMBS)"], null],
      ["a Celery task cleaning old notifications added", "app/tasks.py", [" from celery import shared_task", "+@shared_task", "+def clean_old_notifications():", "+    Notification.objects.filter(created__lt=cutoff).delete()"], null],
      ["old notifications marked read, removed", "app/services.py", [" def mark():", "-    Notification.objects.filter(created_at__lt=cutoff).update(read=True)"], null],
      ["a shared task sending notifications removed", "app/tasks.py", [" from celery import shared_task", "-@shared_task", "-def send_daily_notifications():", "-    notify_all()"], null],
    ]);
  });

  it("finds national identity numbers named personal number and by their national names", async () => {
    await check([
      ["a Kotlin entity with a personal_number column", "src/main/kotlin/demo/domain/Customer.kt", [
        "+@Entity",
        "+data class Customer(",
        "+        @Id val id: Long,",
        '+        @Column(name = "personal_number")',
        "+        val personalNumber: String",
        "+)",
      ], "pii_retention"],
      ["a Rails migration with a Finnish henkilotunnus", "db/migrate/20240101000000_create_people.rb", ["+    create_table :people do |t|", "+      t.string :first_name", "+      t.string :henkilotunnus"], "pii_retention"],
      ["a Django model with a Danish CPR number", "people/models.py", ["+class Citizen(models.Model):", "+    cpr_number = models.CharField(max_length=11)"], "pii_retention"],
      ["an SQL table with an Estonian isikukood", "db/schema.sql", ["+CREATE TABLE residents (", "+  id SERIAL PRIMARY KEY,", "+  isikukood VARCHAR(11) NOT NULL", "+);"], "pii_retention"],
      ["a Prisma model with a personalIdentityNumber", "prisma/schema.prisma", ["+model Member {", "+  id                     Int    @id", "+  personalIdentityNumber String", "+}"], "pii_retention"],
    ]);
  });

  it("leaves other personal-words alone", async () => {
    await check([
      ["a personal website column", "db/migrate/20240101000000_create_people.rb", ["+    create_table :profiles do |t|", "+      t.string :personal_website"], null],
      ["a count of personal days", "db/migrate/20240101000000_add_days.rb", ["+    add_column :leave_balances, :personal_number_of_days, :integer"], null],
    ]);
  });

  it("still finds a logged request field that names personal data", async () => {
    await check([
      ["an e-mail from the body", "routes/orders.js", ["+  console.log('paid', req.body.email)"], "logging"],
      ["an e-mail by subscript in Flask", "app/routes.py", ["+    logger.info('cancel %s', request.json['email'])"], "logging"],
      ["a phone by getter in Flask", "app/routes.py", ["+    print(request.form.get('phone'))"], "logging"],
      ["a free-text note from the body", "routes/orders.js", ["+  console.log(req.body['note'])"], "logging"],
      ["the whole body", "routes/orders.js", ["+  console.log(req.body)"], "logging"],
    ]);
  });

  it("leaves a logged request field named as an id or a count alone", async () => {
    await check([
      ["an order id from an Express body", "payment/index.js", ["+    console.log(\"CHECKOUT POST\", req.body.orderId);"], null],
      ["an order id with snake case", "routes/orders.js", ["+  console.log('x', req.body.order_id)"], null],
      ["an optional customer id", "routes/orders.ts", ["+  console.log('body', req.body?.customerId)"], null],
      ["an item count", "routes/cart.ts", ["+  console.log('count', req.body.itemCount)"], null],
      ["an order id by subscript in Flask", "app/routes.py", ["+    logger.info('cancel %s', request.json['order_id'])"], null],
      ["a product id by getter in Flask", "app/routes.py", ["+    print(request.form.get('product_id'))"], null],
      ["an order id by subscript in Express", "routes/orders.js", ["+  console.log(req.body['orderId'])"], null],
    ]);
  });
});
