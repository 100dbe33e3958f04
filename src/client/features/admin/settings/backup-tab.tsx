import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download, Terminal } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect, OptionSelect } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { formatDateTime } from '#shared/dates.ts';
import {
  BACKUP_FREQUENCIES,
  BACKUP_FREQUENCY_LABELS,
  BACKUP_KIND_LABELS,
  BACKUP_RETENTION_DAYS,
  BACKUP_TIME,
  backupPicturesNote,
  backupShelfNote,
  type BackupFrequency,
  type BackupSettings,
} from '#shared/schemas/backup.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { backupsQuery, useCreateBackup, useSaveBackupSettings } from './api.ts';
import { BackupDownloadDialog } from './backup-download-dialog.tsx';
import { SwitchRow } from './settings-form-parts.tsx';
import { FormActions } from '#client/features/admin/components/form-actions.tsx';

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** '45,3 КБ', '12,8 МБ'. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} КБ`;
  if (bytes < 1024 ** 3) return `${sizeFormat.format(bytes / 1024 ** 2)} МБ`;
  return `${sizeFormat.format(bytes / 1024 ** 3)} ГБ`;
}

/** Opens the password dialog: a copy is never a plain link. */
function DownloadButton({ file, onDownload }: { file: BackupFile; onDownload: (file: BackupFile) => void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onDownload(file)} aria-label={`Скачать копию от ${formatDateTime(file.createdAt)}`}>
      <Download aria-hidden />
      Скачать
    </Button>
  );
}

function BackupList({ backups, onDownload }: { backups: BackupFile[]; onDownload: (file: BackupFile) => void }) {
  if (backups.length === 0) {
    return <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Копий пока нет.</p>;
  }
  return (
    <>
      <Table containerClassName="hidden md:block">
        <ListTableHeader columns={['Создана', 'Как', { label: 'Размер', className: 'text-right' }, 'Файл', { label: 'Скачать', className: 'text-right' }]} />
        <TableBody>
          {backups.map((file) => (
            <TableRow key={file.name} data-testid="backup-row">
              <TableCell className="tabular-nums">{formatDateTime(file.createdAt)}</TableCell>
              <TableCell>
                <Badge variant={file.kind === 'auto' ? 'secondary' : 'outline'}>{BACKUP_KIND_LABELS[file.kind]}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatSize(file.size)}</TableCell>
              <TableCell className="font-mono text-xs text-muted-foreground">{file.name}</TableCell>
              <TableCell className="text-right">
                <DownloadButton file={file} onDownload={onDownload} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-2 md:hidden">
        {backups.map((file) => (
          <li key={file.name} data-testid="backup-card" className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium">{formatDateTime(file.createdAt)}</p>
              <p className="text-muted-foreground">
                {BACKUP_KIND_LABELS[file.kind]} · {formatSize(file.size)}
              </p>
            </div>
            <DownloadButton file={file} onDownload={onDownload} />
          </li>
        ))}
      </ul>
    </>
  );
}

function AutoBackupForm({ overview }: { overview: BackupOverview }) {
  const server = overview.settings as BackupSettings;
  const [draft, setDraft] = useState<BackupSettings>(server);
  const [synced, setSynced] = useState(server);
  // New server values (after saving or a refetch) replace an untouched form.
  if (server !== synced) {
    setSynced(server);
    setDraft(server);
  }
  const dirty = draft.enabled !== server.enabled || draft.frequency !== server.frequency || draft.retentionDays !== server.retentionDays;

  const save = useSaveBackupSettings({
    onSuccess: () => {
      toast({ title: 'Настройки сохранены', description: 'Настройки резервного копирования обновлены', variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Ошибка сохранения', description: `Не удалось сохранить настройки: ${error.message}`, variant: 'destructive' });
    },
  });

  return (
    <form
      className="grid gap-4"
      aria-label="Автоматическое резервное копирование"
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty) save.mutate(draft);
      }}
    >
      <SwitchRow
        id="backup-enabled"
        label="Автоматическое резервное копирование"
        description={
          overview.nextRunAt && server.enabled
            ? `Следующая копия: ${formatDateTime(overview.nextRunAt)}`
            : 'Копии создаются сами в выбранное время.'
        }
        checked={draft.enabled}
        onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Периодичность" htmlFor="backup-frequency" className="content-start">
          <OptionSelect values={BACKUP_FREQUENCIES} labels={BACKUP_FREQUENCY_LABELS} id="backup-frequency" value={draft.frequency} disabled={!draft.enabled} onChange={(e) => setDraft({ ...draft, frequency: e.target.value as BackupFrequency })} />
        </FormField>
        <FormField label="Время" htmlFor="backup-time" hint="По московскому времени" className="content-start">
          <Input id="backup-time" value={BACKUP_TIME} readOnly disabled />
        </FormField>
        <FormField label="Хранить копии" htmlFor="backup-retention" hint="Более старые копии удаляются" className="content-start">
          <NativeSelect
            id="backup-retention"
            value={draft.retentionDays}
            disabled={!draft.enabled}
            onChange={(e) => setDraft({ ...draft, retentionDays: Number(e.target.value) })}
          >
            {BACKUP_RETENTION_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} дней
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormActions dirty={dirty} saving={save.isPending} onCancel={() => setDraft(server)} />
    </form>
  );
}

/** 'Резервные копии': a full copy of the data now, the list of copies, automatic copies. */
export function BackupTab() {
  const query = useQuery(backupsQuery());
  const [downloading, setDownloading] = useState<BackupFile | null>(null);
  const create = useCreateBackup({
    onSuccess: (file) => {
      toast({
        title: 'Резервная копия создана',
        description: `${formatDateTime(file.createdAt)}, ${formatSize(file.size)}`,
        variant: 'success',
        action: {
          label: 'Скачать',
          altText: 'Скачать созданную копию',
          onClick: () => setDownloading(file),
        },
      });
    },
    onError: (error) => {
      toast({ title: 'Не удалось создать резервную копию', description: error.message, variant: 'destructive' });
    },
  });
  const overview = query.data;

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Резервная копия</CardTitle>
          <CardDescription>
            Полная копия всех данных магазина: товары, категории, заказы, покупатели и настройки.
            {overview && (overview.databaseKind === 'pglite' ? ' Формат: папка встроенной базы (.tar.gz).' : ' Формат: SQL (.sql.gz).')}
          </CardDescription>
          {overview && <CardDescription data-testid="backup-shelf">{backupShelfNote(overview.shelf)}</CardDescription>}
          {overview && <CardDescription data-testid="backup-pictures">{backupPicturesNote(overview.pictures)}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {query.isError && !overview ? (
            <LoadError title="Не удалось загрузить список копий" error={query.error} onRetry={() => void query.refetch()} />
          ) : !overview ? (
            <div className="grid gap-2" aria-busy="true" aria-label="Загрузка списка копий">
              <Skeleton className="h-6 w-64" />
              <Skeleton className="h-24" />
            </div>
          ) : (
            <>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm">
                  Последняя копия:{' '}
                  <span className="font-medium">{overview.lastBackupAt ? formatDateTime(overview.lastBackupAt) : 'Не создавалась'}</span>
                </p>
                <Button onClick={() => create.mutate()} disabled={create.isPending}>
                  {create.isPending ? <Spinner size="sm" label="Создание копии" /> : <DatabaseBackup aria-hidden />}
                  {create.isPending ? 'Создание...' : 'Создать резервную копию'}
                </Button>
              </div>
              <BackupList backups={overview.backups} onDownload={setDownloading} />
            </>
          )}
        </CardContent>
      </Card>

      {overview && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Автоматическое копирование</CardTitle>
            <CardDescription>Копию делает один из серверов магазина, даже если их несколько.</CardDescription>
          </CardHeader>
          <CardContent>
            <AutoBackupForm overview={overview} />
          </CardContent>
        </Card>
      )}

      <BackupDownloadDialog file={downloading} onClose={() => setDownloading(null)} />

      <Alert>
        <Terminal aria-hidden />
        <AlertTitle>Восстановление из копии</AlertTitle>
        <AlertDescription>
          <p>
            Остановите магазин и выполните на сервере <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">npm run restore -- &lt;файл копии&gt;</code>.
            Текущие данные перед восстановлением сохраняются. Подробности — в README, раздел «Резервные копии».
          </p>
        </AlertDescription>
      </Alert>
    </div>
  );
}
