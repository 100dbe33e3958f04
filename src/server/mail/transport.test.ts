import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/log.ts';
import { createMailer } from './transport.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('mail without SMTP', () => {
  it('keeps the letter in a file and logs the recipient masked', async () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ from: 'Магазин <shop@localhost>', dataDir, log });
    await mailer.send({ to: 'ivan.petrov@example.ru', subject: 'Ваш заказ', text: 'Спасибо за заказ' });

    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8')).toContain('ivan.petrov@example.ru');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'iv***@example.ru', subject: 'Ваш заказ', msg: 'mail written to a file' });
    expect(lines[0]).not.toContain('ivan.petrov');
  });
});
