import { primaryContact } from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

/** Messages sent at once; SMTP servers throttle a client that opens many connections. */
const CONCURRENCY = 4;

export function notificationMail(
  to: string,
  name: string,
  content: { title: string; message: string },
): MailMessage {
  return {
    to,
    subject: content.title,
    text: [`Hello ${name},`, '', content.message, '', '— Facet'].join('\n'),
  };
}

/** One message per user matching `condition` who has an e-mail address. */
export async function notificationMails(
  db: Db,
  condition: SQL,
  content: { title: string; message: string },
): Promise<MailMessage[]> {
  const rows = await db.select({ name: users.name, emails: users.emails }).from(users).where(condition);
  return rows.flatMap((row) => {
    const to = primaryContact(row.emails);
    return to ? [notificationMail(to, row.name, content)] : [];
  });
}

const pending = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Sends after the answer, outside any transaction: a mail server that fails or is slow neither undoes
 * nor delays the in-app notifications. Failures are logged.
 */
export function sendInBackground(
  mailer: Mailer,
  log: FastifyBaseLogger,
  mails: readonly MailMessage[],
): void {
  if (mails.length === 0) return;
  const running = pending.get(mailer) ?? new Set<Promise<void>>();
  pending.set(mailer, running);
  const job = (async () => {
    let failed = 0;
    for (let start = 0; start < mails.length; start += CONCURRENCY) {
      const results = await Promise.allSettled(
        mails.slice(start, start + CONCURRENCY).map((mail) => mailer.send(mail)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          if (failed === 0) log.error({ err: result.reason }, 'a notification e-mail failed');
          failed += 1;
        }
      }
    }
    if (failed > 0) log.error({ failed, total: mails.length }, 'notification e-mails failed');
  })();
  running.add(job);
  void job.finally(() => running.delete(job));
}

/** Waits for the e-mails still going out (at shutdown, before the mailer closes). */
export async function drainNotificationMails(mailer: Mailer): Promise<void> {
  await Promise.allSettled([...(pending.get(mailer) ?? [])]);
}
