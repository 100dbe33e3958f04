import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '../core/log.ts';

/** A file sent with a letter (an order's invoice). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = { send(message: MailMessage): Promise<void>; kind: 'smtp' | 'file' };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail and logged, so a shop without a mail server still keeps every letter.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        opts.log.info({ to: maskEmail(message.to), subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(opts.dataDir, 'mail');
  return {
    kind: 'file',
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // Two letters to one address in one millisecond (two processes sharing the folder, an order's
      // confirmation and its payment) must not overwrite each other: a random part after the time.
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: maskEmail(message.to), subject: message.subject, folder: dir }, 'mail written to a file');
    },
  };
}
