import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A calendar invitation (an .ics) the mail carries, as mail clients show it. */
  icalEvent?: { method: string; filename: string; content: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written as an .eml file into DATA_DIR/mail, so
 * development and the browser tests can read the codes and links without a mail server.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const folder = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      // A sortable time prefix lets readers pick the newest message by name.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      // Written aside and renamed, so a reader polling the folder never sees half a message.
      await writeFile(`${file}.partial`, info.message, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      log.info(`mail written to ${file}`);
    },
    close: () => transport.close(),
  };
}
