import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/core/app-types.ts';
import { openDatabase } from '#server/db/connection.ts';
import { scheduledRuns, users } from '#server/db/schema.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { createTestApp, dbKind, openTestDatabase, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { snapshotDatabase } from '../../../../tests/helpers/db-snapshot.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { BACKUP_JOB, runScheduledBackup } from './scheduler.ts';
import { lastSlot, nextSlot } from './schedule.ts';
import { applySqlDump } from './sql-dump.ts';
import { backupFileName } from './shelf.ts';

let ctx: TestContext;
let admin: string;
let dataDir: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const overview = async () => (await inject('GET', '/api/admin/backups')).json() as BackupOverview;
const deps = () => ({ config: ctx.app.deps.config, database: ctx.database });
const ext = dbKind === 'pglite' ? 'tar.gz' : 'sql.gz';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
  ctx = await createTestApp({ DATA_DIR: dataDir });
  admin = await ctx.login();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('when copies are due (03:00 Moscow time)', () => {
  it('daily, weekly (Mondays) and monthly (the 1st) slots', () => {
    // Saturday 21 November 2026, 02:59 and 03:00 in Moscow.
    const before3 = new Date('2026-11-20T23:59:00Z');
    const at3 = new Date('2026-11-21T00:00:00Z');
    expect(lastSlot('daily', before3).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(lastSlot('daily', at3).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(nextSlot('daily', at3).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(lastSlot('weekly', at3).toISOString()).toBe('2026-11-16T00:00:00.000Z'); // Monday 16th, 03:00 MSK
    expect(nextSlot('weekly', at3).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(lastSlot('monthly', at3).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(nextSlot('monthly', at3).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // 1 January 02:00 MSK: the last monthly slot is 1 December.
    expect(lastSlot('monthly', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextSlot('monthly', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('access', () => {
  it('backups are for administrators only', async () => {
    const manager = await createCustomer(ctx, 'manager');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/backups', undefined, manager.cookie)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/backups', undefined, manager.cookie)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/admin/settings/backup', { enabled: true, frequency: 'daily', retentionDays: 7 }, manager.cookie)).statusCode).toBe(403);
    expect(fs.existsSync(path.join(dataDir, 'backups')) ? fs.readdirSync(path.join(dataDir, 'backups')) : []).toEqual([]);
  });
});

describe('making and downloading a copy', () => {
  let made: BackupFile;

  it('starts with no copies', async () => {
    const o = await overview();
    expect(o).toMatchObject({ backups: [], lastBackupAt: null, nextRunAt: null, settings: { enabled: false, frequency: 'daily', retentionDays: 30 } });
    expect(o.databaseKind).toBe(dbKind);
  });

  it('creates a full copy and lists it with its size and time', async () => {
    await ctx.database.db.insert(users).values({ username: 'in_the_backup', email: 'in@backup.ru', passwordHash: 'h' });
    ctx.clock.set(new Date('2026-11-21T11:05:09Z'));
    const res = await inject('POST', '/api/admin/backups');
    expect(res.statusCode).toBe(201);
    made = res.json();
    expect(made).toMatchObject({ name: `backup-20261121-140509-manual.${ext}`, kind: 'manual', createdAt: '2026-11-21T11:05:09.000Z' });
    expect(made.size).toBe(fs.statSync(path.join(dataDir, 'backups', made.name)).size);
    expect(made.size).toBeGreaterThan(1000);
    const o = await overview();
    expect(o.backups).toEqual([made]);
    expect(o.lastBackupAt).toBe('2026-11-21T11:05:09.000Z');
    // Nothing half-written is left behind; beside the copy, its description: the pictures are not in it.
    expect(fs.readdirSync(path.join(dataDir, 'backups')).sort()).toEqual([made.name, `${made.name}.json`]);
    expect(made.pictures).toEqual({ storage: 'disk' });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'backups', `${made.name}.json`), 'utf8'))).toEqual({
      pictures: { storage: 'disk' },
      note: 'Картинки товаров не входят в копию: они лежат в папке uploads на сервере магазина, сохраняйте её вместе с сервером.',
    });
  });

  it('refuses a second copy in the same second', async () => {
    const res = await inject('POST', '/api/admin/backups');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Резервная копия уже создаётся. Подождите несколько секунд и повторите.');
  });

  const download = (name: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/download`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it("gives a copy only for the administrator's password in the request", async () => {
    const missing = await download(made.name);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toEqual(['Введите текущий пароль']);
    const wrong = await download(made.name, { currentPassword: 'Ne-tot-parol-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Неверный текущий пароль', errors: { currentPassword: ['Неверный текущий пароль'] } });
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
    // The old address, a plain link anyone with the session could follow, is gone.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/backups/${made.name}`, headers: { cookie: admin } })).statusCode).toBe(404);
  });

  it('downloads the copy, and the copy holds every table of the database', async () => {
    const res = await download(made.name, { currentPassword: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${made.name}"`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dataDir, 'backups', made.name)))).toBe(true);

    const live = await snapshotDatabase(ctx.database.db);
    expect(live.users!.some((u) => u.includes('in_the_backup'))).toBe(true);
    // Making and downloading the copy went into the staff action log after the copy was made.
    expect(live.staff_actions!.map((j) => JSON.parse(j).kind).sort()).toEqual(['backup.create', 'backup.download']);
    const expected = {
      ...live,
      staff_actions: [],
      '(sequences)': live['(sequences)']!.map((s) => (s.startsWith('staff_actions_id_seq=') ? 'staff_actions_id_seq=1/false' : s)),
    };
    if (dbKind === 'pglite') {
      const copy = await openDatabase({ loadDataDir: new Blob([new Uint8Array(res.rawPayload)]) });
      try {
        expect(await snapshotDatabase(copy.db)).toEqual(expected);
      } finally {
        await copy.close();
      }
    } else {
      const text = gunzipSync(res.rawPayload).toString('utf8');
      expect(text.startsWith('-- shop-sql-dump 1\n')).toBe(true);
      expect(text.split('\n').slice(0, 5)).toContain('-- pictures: Картинки товаров не входят в копию: они лежат в папке uploads на сервере магазина, сохраняйте её вместе с сервером.');
      const copy = await openTestDatabase();
      try {
        await applySqlDump(copy.db, async function* () {
          yield* text.split('\n');
        });
        expect(await snapshotDatabase(copy.db)).toEqual(expected);
      } finally {
        await copy.close();
      }
    }
  });

  it('answers 404 for anything that is not a copy the shop made', async () => {
    for (const name of ['backup-20261121-140509-manual.exe', '..%2F..%2Fetc%2Fpasswd', 'backup-20990101-000000-manual.tar.gz']) {
      const res = await download(name, { currentPassword: TEST_ADMIN.password });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Резервная копия не найдена');
    }
  });
});

describe('automatic copies', () => {
  it('validates the settings', async () => {
    const res = await inject('PUT', '/api/admin/settings/backup', { enabled: true, frequency: 'hourly', retentionDays: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.frequency).toEqual(['Выберите периодичность']);
    expect(res.json().errors.retentionDays).toEqual(['Выберите срок хранения: 7, 14, 30 или 90 дней']);
  });

  it('nothing happens while they are off', async () => {
    ctx.clock.set(new Date('2026-11-22T00:00:30Z'));
    expect(await runScheduledBackup(deps(), ctx.clock.now())).toBeNull();
  });

  it('switched on, the first copy comes at the next 03:00, once, and old copies go after the retention period', async () => {
    const dir = path.join(dataDir, 'backups');
    // Copies of 10 and 6 days ago (relative to 23 November).
    const old10 = backupFileName('auto', ext, new Date('2026-11-13T00:00:00Z'));
    const old6 = backupFileName('manual', ext, new Date('2026-11-17T00:00:00Z'));
    fs.writeFileSync(path.join(dir, old10), 'old');
    fs.writeFileSync(path.join(dir, old6), 'old');

    ctx.clock.set(new Date('2026-11-22T11:00:00Z')); // 14:00 MSK, after today's 03:00
    const saved = await inject('PUT', '/api/admin/settings/backup', { enabled: true, frequency: 'daily', retentionDays: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ enabled: true, frequency: 'daily', retentionDays: 7 });
    expect((await overview()).nextRunAt).toBe('2026-11-23T00:00:00.000Z');
    expect(await runScheduledBackup(deps(), ctx.clock.now())).toBeNull();

    ctx.clock.set(new Date('2026-11-23T00:00:40Z')); // 03:00:40 MSK
    const made = await runScheduledBackup(deps(), ctx.clock.now());
    expect(made).toMatchObject({ name: `backup-20261123-030040-auto.${ext}`, kind: 'auto' });
    expect(await runScheduledBackup(deps(), new Date('2026-11-23T00:05:00Z'))).toBeNull();

    const names = fs.readdirSync(dir).sort();
    expect(names).toContain(old6);
    expect(names).not.toContain(old10);
    const runs = await ctx.database.db.select().from(scheduledRuns).where(eq(scheduledRuns.job, BACKUP_JOB));
    expect(runs.map((r) => r.runKey)).toEqual(['2026-11-23T00:00:00.000Z']);
  });

  it('a process that was down at 03:00 makes the missed copy when it starts', async () => {
    const late = await runScheduledBackup(deps(), new Date('2026-11-24T06:00:00Z'));
    expect(late?.name).toBe(`backup-20261124-090000-auto.${ext}`);
  });

  it('several processes serving at once make exactly one copy per slot', async () => {
    const others: App[] = [];
    for (let i = 0; i < 3; i++) {
      const app = await buildApp({ config: ctx.app.deps.config, database: ctx.database, mailer: { kind: 'file', send: async () => {} }, clock: ctx.clock.now });
      await app.ready();
      others.push(app);
    }
    try {
      const now = new Date('2026-11-25T00:00:10Z');
      const results = await Promise.all(
        [ctx.app, ...others].map((app) => runScheduledBackup({ config: app.deps.config, database: app.deps.database }, now)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const rows = await ctx.database.db
        .select()
        .from(scheduledRuns)
        .where(and(eq(scheduledRuns.job, BACKUP_JOB), eq(scheduledRuns.runKey, '2026-11-25T00:00:00.000Z')));
      expect(rows).toHaveLength(1);
      const autos = fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('backup-20261125-') && !n.endsWith('.json'));
      expect(autos).toEqual([`backup-20261125-030010-auto.${ext}`]);
    } finally {
      for (const app of others) await app.close();
    }
  });

  it('weekly copies wait for Monday', async () => {
    ctx.clock.set(new Date('2026-11-25T12:00:00Z'));
    await inject('PUT', '/api/admin/settings/backup', { enabled: true, frequency: 'weekly', retentionDays: 90 });
    expect((await overview()).nextRunAt).toBe('2026-11-30T00:00:00.000Z');
    expect(await runScheduledBackup(deps(), new Date('2026-11-26T00:00:10Z'))).toBeNull();
    expect(await runScheduledBackup(deps(), new Date('2026-11-30T00:00:10Z'))).not.toBeNull();
  });
});
