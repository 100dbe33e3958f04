import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { dbKind } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { startBucketMachines, type BucketMachines } from '../../../../tests/helpers/two-machines.ts';
import type { S3StandIn } from '../../../../tests/stand-ins/s3.ts';
import { runScheduledBackup } from './scheduler.ts';
import { backupFileName, backupShelf } from './shelf.ts';

/**
 * Two machines on one database, each with its own DATA_DIR, and the closed bucket
 * (S3_PRIVATE_BUCKET, docs/decisions/039): a copy made on one is listed, downloaded and pruned
 * on the other, and no machine's disk keeps it.
 */

let s3: S3StandIn;
let machines: BucketMachines;
let cookie: string;
const ext = dbKind === 'pglite' ? 'tar.gz' : 'sql.gz';

const on = (which: 'first' | 'second') => (which === 'first' ? machines.first.app : machines.second);
const overview = async (which: 'first' | 'second') =>
  (await on(which).inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } })).json() as BackupOverview;
const backupKeys = () => [...s3.privateObjects.keys()].filter((key) => key.startsWith('backups/')).sort();
const localCopies = (dir: string) => (fs.existsSync(path.join(dir, 'backups')) ? fs.readdirSync(path.join(dir, 'backups')) : []);

beforeAll(async () => {
  machines = await startBucketMachines('shared-backups');
  s3 = machines.s3;
  cookie = await machines.first.login();
});

afterAll(() => machines.close());

describe('copies in the closed bucket', () => {
  let made: BackupFile;

  it('a copy made on one machine goes to the bucket with its description, and leaves nothing on that disk', async () => {
    machines.first.clock.set(new Date('2026-11-21T11:05:09Z'));
    const res = await machines.first.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } });
    expect(res.statusCode).toBe(201);
    made = res.json();
    expect(made).toMatchObject({ name: `backup-20261121-140509-manual.${ext}`, kind: 'manual', pictures: { storage: 's3', bucket: 'shop-pictures' } });
    expect(backupKeys()).toEqual([`backups/${made.name}`, `backups/${made.name}.json`]);
    expect(s3.privateObjects.get(`backups/${made.name}`)!.body.length).toBe(made.size);
    expect(JSON.parse(s3.privateObjects.get(`backups/${made.name}.json`)!.body.toString('utf8')).pictures).toEqual(made.pictures);
    expect(localCopies(machines.firstDir)).toEqual([]);
    // Nobody reads a copy without the key.
    expect((await fetch(`${s3.endpoint}/${s3.privateBucket}/backups/${made.name}`)).status).toBe(403);
  });

  it('the other machine lists it and gives it for the administrator’s password, byte for byte', async () => {
    const seen = await overview('second');
    expect(seen.backups).toEqual([made]);
    expect(seen.lastBackupAt).toBe('2026-11-21T11:05:09.000Z');
    const res = await machines.second.inject({
      method: 'POST',
      url: `/api/admin/backups/${made.name}/download`,
      headers: { cookie },
      payload: { currentPassword: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(made.size));
    expect(res.rawPayload.equals(s3.privateObjects.get(`backups/${made.name}`)!.body)).toBe(true);
    expect(localCopies(machines.secondDir)).toEqual([]);
  });

  it('a second copy in the same second on the other machine is refused', async () => {
    const res = await machines.second.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Резервная копия уже создаётся. Подождите несколько секунд и повторите.');
  });

  it('a copy the bucket does not hold is not found', async () => {
    const res = await machines.second.inject({
      method: 'POST',
      url: `/api/admin/backups/${backupFileName('auto', ext, new Date('2026-11-01T00:00:00Z'))}/download`,
      headers: { cookie },
      payload: { currentPassword: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Резервная копия не найдена');
  });

  it('automatic copies are made once for both machines and pruned in the bucket', async () => {
    const set = await machines.first.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/backup',
      headers: { cookie },
      payload: { enabled: true, frequency: 'daily', retentionDays: 7 },
    });
    expect(set.statusCode).toBe(200);
    const first = { config: machines.first.app.deps.config, database: machines.first.database };
    const second = { config: machines.second.deps.config, database: machines.first.database };
    const now = new Date('2026-11-30T00:00:30Z');
    const made = await Promise.all([runScheduledBackup(first, now), runScheduledBackup(second, now)]);
    expect(made.filter(Boolean).map((file) => file!.name)).toEqual([`backup-20261130-030030-auto.${ext}`]);
    // The manual copy of 21 November is older than 7 days: gone from the bucket, with its description.
    expect(backupKeys()).toEqual([`backups/backup-20261130-030030-auto.${ext}`, `backups/backup-20261130-030030-auto.${ext}.json`]);
    expect((await overview('first')).backups.map((file) => file.name)).toEqual([`backup-20261130-030030-auto.${ext}`]);
    expect(localCopies(machines.firstDir)).toEqual([]);
    expect(localCopies(machines.secondDir)).toEqual([]);
  });

  it('`npm run restore -- <name>` brings a copy from the bucket to restore it', async () => {
    const name = `backup-20261130-030030-auto.${ext}`;
    const file = await backupShelf(machines.second.deps.config).localCopy(name);
    expect(file).toBe(path.join(machines.secondDir, 'backups', name));
    expect(fs.readFileSync(file).equals(s3.privateObjects.get(`backups/${name}`)!.body)).toBe(true);
    await expect(backupShelf(machines.second.deps.config).localCopy(backupFileName('manual', ext, new Date('2026-10-01T00:00:00Z')))).rejects.toThrow(
      'Резервная копия не найдена',
    );
  });
});
