import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

/** Reads the .eml files the server writes into DATA_DIR/mail when no SMTP_URL is set. */
export class Mailbox {
  constructor(private readonly folder: string) {}

  async all(): Promise<ReceivedMail[]> {
    const names = (await readdir(this.folder).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    names.sort();
    return Promise.all(
      names.map(async (name) => {
        const parsed = await PostalMime.parse(await readFile(join(this.folder, name)));
        return {
          file: name,
          to: (parsed.to ?? []).map((address) => address.address ?? ''),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        };
      }),
    );
  }

  /** Waits for a mail to `address` that arrived after `seen` mails, matching `pattern`. */
  async waitFor(
    address: string,
    pattern: RegExp,
    seen: number,
    timeoutMs = 10_000,
  ): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = (await this.all()).slice(seen).filter((mail) => mail.to.includes(address));
      for (const mail of mails.reverse()) {
        const match = mail.text.match(pattern);
        if (match) return match;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
  }

  async count(): Promise<number> {
    return (await this.all()).length;
  }
}

export const SIGN_IN_CODE = /\b(\d{6})\b/;
export const RESET_LINK = /(https?:\/\/\S+\/hkadmin\/reset-password\/[\w-]+)/;
