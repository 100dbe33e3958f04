import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { ROLES } from '#shared/constants.ts';
import { NO_USER_FILTERS, type UserListFilters, type UserRoleFilter, type UserStatusFilter } from './api.ts';

const ROLE_FILTERS: { value: UserRoleFilter; label: string }[] = [
  { value: 'all', label: 'Все роли' },
  { value: 'user', label: 'Пользователи' },
  { value: 'admin', label: 'Администраторы' },
  { value: 'manager', label: 'Менеджеры' },
];
const STATUS_FILTERS: { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: 'Все статусы' },
  { value: 'true', label: 'Активные' },
  { value: 'false', label: 'Неактивные' },
];

/** The list's filters as the address gives them (spec 4); anything unknown is no filter. */
export function readUserFilters(params: URLSearchParams): UserListFilters {
  const role = params.get('role');
  const isActive = params.get('isActive');
  return {
    query: params.get('query') ?? '',
    role: role && (ROLES as readonly string[]).includes(role) ? (role as UserRoleFilter) : 'all',
    isActive: isActive === 'true' || isActive === 'false' ? isActive : 'all',
  };
}

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Search (applied with the button or Enter), role and status. */
export function UserFilters({ filters, onChange }: { filters: UserListFilters; onChange: (patch: Partial<UserListFilters>) => void }) {
  const [text, setText] = useState(filters.query);
  const [synced, setSynced] = useState(filters.query);
  if (filters.query !== synced) {
    setSynced(filters.query);
    setText(filters.query);
  }
  return (
    <Card className="mb-4">
      <CardContent className="pt-4 sm:pt-6">
        <form
          role="search"
          className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ query: text.trim() });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="users-query">Поиск</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                id="users-query"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Имя, логин или email"
                className="pl-9"
              />
            </div>
          </div>
          <FilterSelect
            id="users-role"
            label="Роль"
            value={filters.role}
            options={ROLE_FILTERS}
            onChange={(role) => onChange({ query: text.trim(), role })}
          />
          <FilterSelect
            id="users-status"
            label="Статус"
            value={filters.isActive}
            options={STATUS_FILTERS}
            onChange={(isActive) => onChange({ query: text.trim(), isActive })}
          />
          <div className="flex gap-2">
            <Button type="submit" className="flex-1 md:flex-none">
              Применить
            </Button>
            <Button
              variant="outline"
              className="flex-1 md:flex-none"
              onClick={() => {
                setText('');
                onChange(NO_USER_FILTERS);
              }}
            >
              Сбросить
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
