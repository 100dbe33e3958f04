import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Ban, CheckCircle2, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { telHref } from '#client/lib/utils.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { customerGroupsQuery, useSetCustomerGroup } from '#client/features/admin/lib/customer-groups-api.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import { RETAIL_GROUP_NAME } from '#shared/schemas/customer-groups.ts';
import type { AdminCustomerCard, AdminUser } from '#shared/types.ts';
import { customerCardQuery } from './api.ts';
import { UserStatusBadge, roleLabel } from './user-dialogs.tsx';
import { DetailSection } from '#client/features/admin/components/detail-section.tsx';

const missing = (text: string) => <span className="text-muted-foreground">{text}</span>;

function Contacts({ user }: { user: AdminUser }) {
  return (
    <DetailSection title="Клиент">
      <p className="text-base font-semibold break-words">{user.fullName ?? missing('Имя не указано')}</p>
      {user.phone ? (
        <a href={telHref(user.phone)} className="w-fit hover:underline">
          {user.phone}
        </a>
      ) : (
        missing('Телефон не указан')
      )}
      {user.email ? (
        <a href={`mailto:${user.email}`} className="w-fit text-primary [overflow-wrap:anywhere] hover:underline">
          {user.email}
        </a>
      ) : (
        missing('Email не указан')
      )}
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
        <span className="break-all">Логин «{user.username}»</span> · {roleLabel(user.role)} · <UserStatusBadge isActive={user.isActive} />
      </p>
      <p className="text-muted-foreground">
        Регистрация: {formatDateTime(user.createdAt)}
        {user.lastLogin && <> · последний вход: {formatDateTime(user.lastLogin)}</>}
      </p>
    </DetailSection>
  );
}

function Addresses({ card }: { card: AdminCustomerCard }) {
  const { addresses, user } = card;
  return (
    <DetailSection title="Адреса">
      {addresses.length === 0 && !user.address && missing('Адресов нет')}
      {user.address && addresses.length === 0 && <p className="break-words">{user.address}</p>}
      <ul className="grid gap-2">
        {addresses.map((a) => (
          <li key={a.id} className="break-words">
            <p className="font-medium">
              {a.label || a.city}
              {a.isDefault && <span className="font-normal text-muted-foreground"> · основной</span>}
            </p>
            <p>
              {a.postalCode}, {a.city}, {a.address}
            </p>
            <p className="text-muted-foreground">
              {a.recipientName}, {a.phone}
            </p>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

function Orders({ card }: { card: AdminCustomerCard }) {
  const { orders } = card;
  return (
    <DetailSection title="Заказы">
      {orders.count === 0 ? (
        missing('Заказов пока нет')
      ) : (
        <>
          <p className="font-medium" data-testid="customer-orders-total">
            {orders.count} {pluralRu(orders.count, 'заказ', 'заказа', 'заказов')} на {formatRub(orders.totalAmount)}
            <span className="font-normal text-muted-foreground"> (без отменённых)</span>
          </p>
          <ul className="grid gap-1.5">
            {orders.latest.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={adminPaths.order(order.id)} className="font-medium text-primary hover:underline">
                  Заказ №{order.id}
                </Link>
                <span className="text-muted-foreground">{formatDate(order.createdAt)}</span>
                <OrderStatusBadge status={order.status} />
                <span className="ml-auto font-medium tabular-nums">{formatRub(order.totalAmount)}</span>
              </li>
            ))}
          </ul>
          {orders.count > orders.latest.length && <p className="text-muted-foreground">Показаны последние {orders.latest.length}.</p>}
        </>
      )}
    </DetailSection>
  );
}

/** The customer's group: «Розница» or one of the groups staff made; a choice is saved at once. */
function CustomerGroupField({ card }: { card: AdminCustomerCard }) {
  const id = useId();
  const groups = useQuery(customerGroupsQuery());
  const save = useSetCustomerGroup(card.user.id, {
    onSuccess: (_, groupId) =>
      toast({
        title: 'Группа покупателя изменена',
        description: groupId === null ? RETAIL_GROUP_NAME : (groups.data?.groups.find((g) => g.id === groupId)?.name ?? ''),
        variant: 'success',
      }),
    onError: (error) => toast({ title: 'Не удалось изменить группу', description: error.message, variant: 'destructive' }),
  });
  return (
    <DetailSection title="Группа покупателя">
      {groups.isError ? (
        <LoadError title="Не удалось загрузить группы покупателей" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={id} className="sr-only">
            Группа покупателя
          </label>
          <NativeSelect
            id={id}
            wrapperClassName="max-w-xs"
            value={card.customerGroupId ?? ''}
            disabled={!groups.data || save.isPending}
            onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{RETAIL_GROUP_NAME}</option>
            {groups.data?.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </NativeSelect>
          {save.isPending && <Spinner size="sm" label="Сохранение группы" />}
        </div>
      )}
      <p className="text-muted-foreground">Покупатель группы видит в магазине свои цены с пометкой «Ваша цена».</p>
    </DetailSection>
  );
}

/**
 * «Карточка клиента»: contacts, the customer group, saved addresses, orders and their sum. Blocking lives here, as a
 * quiet action, not on every row of the list.
 */
export function CustomerCardDialog({
  user,
  onClose,
  selfId,
  busyId,
  onEdit,
  onBlock,
  onActivate,
}: {
  user: AdminUser | null;
  onClose: () => void;
  selfId: number | null;
  busyId: number | null;
  onEdit: (user: AdminUser) => void;
  onBlock: (user: AdminUser) => void;
  onActivate: (user: AdminUser) => void;
}) {
  const card = useQuery({ ...customerCardQuery(user?.id ?? 0), enabled: user !== null });
  const current = card.data?.user ?? user;
  const busy = current !== null && busyId === current.id;
  const self = current !== null && current.id === selfId;
  return (
    <TitledDialog
      open={user !== null}
      title="Карточка клиента"
      description={user ? `Учётная запись «${user.username}»` : ''}
      className="sm:max-w-2xl"
      onClose={onClose}
    >
      {card.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Загрузка карточки клиента">
          <Skeleton className="h-28" />
          <Skeleton className="h-20" />
        </div>
      ) : card.isError ? (
        <LoadError title="Не удалось загрузить карточку клиента" error={card.error} onRetry={() => void card.refetch()} />
      ) : (
        <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
          <Contacts user={card.data.user} />
          <CustomerGroupField card={card.data} />
          <Addresses card={card.data} />
          <Orders card={card.data} />
        </div>
      )}
      {current && (
        <DialogFooter className="gap-2 sm:justify-between">
          {current.isActive ? (
            <Button
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={() => onBlock(current)}
              disabled={self || busy}
              title={self ? 'Свою учётную запись заблокировать нельзя' : undefined}
            >
              {busy ? <Spinner size="sm" label="Блокировка" /> : <Ban aria-hidden />}
              Заблокировать
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => onActivate(current)} disabled={busy}>
              {busy ? <Spinner size="sm" label="Активация" /> : <CheckCircle2 aria-hidden />}
              Активировать
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose}>
              Закрыть
            </Button>
            <Button variant="outline" onClick={() => onEdit(current)}>
              <Pencil aria-hidden />
              Изменить
            </Button>
          </div>
        </DialogFooter>
      )}
    </TitledDialog>
  );
}
