import { useQuery } from '@tanstack/react-query';
import { ArrowRight, History } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { formatDateTime } from '#shared/dates.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import { STAFF_ACTION_GROUPS, STAFF_ACTION_LABELS, type StaffAction, type StaffActionKind } from '#shared/staff-actions.ts';
import { dayParam, PeriodInputs, PeriodReversedAlert, periodReversed } from '#client/features/admin/components/period-filter.tsx';
import { ResetFiltersButton } from '#client/features/admin/components/reset-filters-button.tsx';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { NO_STAFF_LOG_FILTERS, staffActionPeopleQuery, staffActionsQuery, type StaffLogFilters } from './api.ts';
import { fieldLabel, inFormOrder, isEmptyValue, objectText, shownValue, type ShownValue } from './staff-log-values.ts';
import { ListCard } from '#client/features/admin/components/list-card.tsx';

/** The tab's own address parameter rides along with the filters, so changing a filter stays on the tab. */
type TabFilters = StaffLogFilters & { tab: string };
const NO_FILTERS: TabFilters = { ...NO_STAFF_LOG_FILTERS, tab: '' };

function readFilters(params: URLSearchParams): TabFilters {
  const kind = params.get('kind') ?? '';
  return {
    tab: 'log',
    person: params.get('person') ?? '',
    kind: kind in STAFF_ACTION_LABELS ? (kind as StaffActionKind) : '',
    startDate: dayParam(params, 'startDate'),
    endDate: dayParam(params, 'endDate'),
  };
}

const isFiltered = (f: StaffLogFilters) => Boolean(f.person || f.kind || f.startDate || f.endDate);

function LogFilters({ filters, onChange }: { filters: TabFilters; onChange: (patch: Partial<StaffLogFilters>) => void }) {
  const people = useQuery(staffActionPeopleQuery());
  return (
    <Card className="mb-4 p-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto] lg:items-end">
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor="log-person">Сотрудник</Label>
          <NativeSelect id="log-person" value={filters.person} onChange={(e) => onChange({ person: e.target.value })}>
            <option value="">Все сотрудники</option>
            {people.data?.map((p) =>
              p.userId === null ? (
                <option key={`name:${p.username}`} value={`name:${p.username}`}>
                  {p.username} (удалён)
                </option>
              ) : (
                <option key={p.userId} value={`id:${p.userId}`}>
                  {p.username}
                </option>
              ),
            )}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
          <Label htmlFor="log-kind">Действие</Label>
          <NativeSelect id="log-kind" value={filters.kind} onChange={(e) => onChange({ kind: e.target.value as StaffActionKind | '' })}>
            <option value="">Все действия</option>
            {STAFF_ACTION_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {Object.entries(group.kinds).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <PeriodInputs idPrefix="log" period={filters} onChange={onChange} />
        <ResetFiltersButton filtered={isFiltered(filters)} onReset={() => onChange(NO_STAFF_LOG_FILTERS)} className="col-span-2 lg:col-span-1" />
      </div>
      <PeriodReversedAlert period={filters} />
    </Card>
  );
}

function Shown({ shown }: { shown: ShownValue }) {
  if (typeof shown === 'string') return <span className="break-words">{shown}</span>;
  return (
    <dl className="grid gap-0.5">
      {shown.map((part) => (
        <div key={part.key} className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted-foreground">{part.label}:</dt>
          <dd className="min-w-0">
            <Shown shown={part.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ kind, field, value }: { kind: StaffActionKind; field: string; value: unknown }) {
  return <Shown shown={shownValue(kind, field, value)} />;
}

function sideNote(action: StaffAction): string {
  if (action.details) return 'Параметры';
  if (action.before && action.after) return 'Было → стало';
  return action.after ? 'Новые данные' : 'Удалённые данные';
}

/** The changed fields: «было → стало» when both sides exist, otherwise the one side there is. */
function Changes({ action }: { action: StaffAction }) {
  const { before, after, details, kind } = action;
  const both = before !== null && after !== null;
  const side = details ?? after ?? before ?? {};
  const fields = inFormOrder(
    both ? [...new Set([...Object.keys(before), ...Object.keys(after)])] : Object.keys(side).filter((f) => !isEmptyValue(side[f])),
  );
  if (fields.length === 0) return null;
  return (
    <div className="mt-3 border-t pt-3">
      <p className="mb-2 text-xs font-medium text-muted-foreground">{sideNote(action)}</p>
      <dl className="grid gap-2 text-sm">
        {fields.map((field) => (
          <div key={field} className="grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
            <dt className="text-muted-foreground">{fieldLabel(field, kind)}</dt>
            <dd className="min-w-0">
              {both ? (
                <span className="flex flex-wrap items-start gap-x-2 gap-y-1">
                  <span className="text-muted-foreground line-through decoration-muted-foreground/50">
                    <Value kind={kind} field={field} value={before[field]} />
                  </span>
                  <ArrowRight className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="стало" />
                  <span className="font-medium">
                    <Value kind={kind} field={field} value={after[field]} />
                  </span>
                </span>
              ) : (
                <Value kind={kind} field={field} value={side[field]} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Entry({ action }: { action: StaffAction }) {
  const object = objectText(action.kind, action.objectId, action.objectName);
  return (
    <li className="border-t p-4 sm:px-6" data-testid="staff-action">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="secondary">{STAFF_ACTION_LABELS[action.kind] ?? action.kind}</Badge>
        {object && <span className="text-sm font-medium">{object}</span>}
      </div>
      <p className="mt-1.5 text-sm text-muted-foreground">
        <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
        {' · '}
        <span className="font-medium text-foreground">{action.username}</span>
        {action.userId === null && ' (удалён)'}
        {' · '}
        <span>адрес {action.ip}</span>
      </p>
      <Changes action={action} />
    </li>
  );
}

/** «Журнал действий»: every change made in the back office, newest first, with its filters. */
export function StaffLogTab() {
  const [filters, setFilters] = useListFilters(readFilters, NO_FILTERS);
  const { tab: _tab, ...query } = filters;
  // A backwards period is pointed out under the filters, not asked of the server.
  const reversed = periodReversed(query);
  const list = useQuery({ ...staffActionsQuery(query), enabled: !reversed });
  const total = list.data?.total ?? 0;
  const totalPages = totalPagesOf(total, ADMIN_PAGE_SIZE);
  const actions = list.data?.actions ?? [];
  useLastPageAtMost(filters.page, totalPages, Boolean(list.data) && !list.isPlaceholderData, (page) => setFilters({ page }));

  return (
    <>
      <LogFilters filters={filters} onChange={setFilters} />
      <ListCard
        title="Журнал действий"
        description={
          <>
            Изменения в панели управления: кто, когда, с какого адреса и что изменил. Записи хранятся не меньше года и не
            редактируются. Всего: {list.data ? total : reversed ? 0 : '…'}
          </>
        }
        query={list}
        labels={{ refreshing: 'Обновление журнала', loading: 'Загрузка журнала действий', failure: 'Не удалось загрузить журнал действий' }}
        loading={list.isPending && !reversed}
        empty={
          actions.length === 0
            ? {
                icon: History,
                title: isFiltered(query) ? 'Записей не найдено' : 'Записей пока нет',
                text: isFiltered(query)
                  ? 'Измените сотрудника, действие или даты.'
                  : 'Здесь появятся изменения товаров, заказов, пользователей и настроек, сделанные сотрудниками.',
              }
            : null
        }
      >
        <ol aria-label="Записи журнала">
          {actions.map((action) => (
            <Entry key={action.id} action={action} />
          ))}
        </ol>
      </ListCard>
      {actions.length > 0 && (
        <ListPagination className="mt-6" page={filters.page} totalPages={totalPages} onPageChange={(page) => setFilters({ page })} />
      )}
    </>
  );
}
