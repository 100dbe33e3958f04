import { paths } from '#client/paths.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Sheet, SheetBody, SheetContent, SheetHeader, SheetTitle } from '#client/components/ui/sheet.tsx';
import { isStaff } from '#shared/constants.ts';
import { CategoryLinks } from './category-links.tsx';
import { ListMenuLinks } from './list-counters.tsx';
import { SearchForm } from './search-form.tsx';
import { ShopContacts } from './shop-contacts.tsx';
import type { ShellProps } from './types.ts';

/** The burger menu's panel: search, account, the lists, categories, contacts. Loaded on the first open. */
export default function MobileMenuSheet({
  shop,
  user,
  categories,
  onLogout,
  logoutPending,
  open,
  onOpenChange,
}: ShellProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-[88vw] max-w-sm">
        <SheetHeader>
          <SheetTitle>Меню</SheetTitle>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-6 overflow-y-auto">
          <SearchForm id="mobile-search" />
          <section aria-label="Учётная запись" className="rounded-lg bg-muted p-4">
            {user ? (
              <div className="space-y-3">
                <div>
                  <p className="font-semibold">{user.username}</p>
                  {user.email && <p className="text-sm text-muted-foreground">{user.email}</p>}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm" variant="outline">
                    <Link to={paths.profile}>
                      <Icon name="user" />
                      Личный кабинет
                    </Link>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={onLogout} disabled={logoutPending}>
                    <Icon name="log-out" />
                    {logoutPending ? 'Выход...' : 'Выйти'}
                  </Button>
                </div>
              </div>
            ) : (
              <Button asChild className="w-full">
                <Link to={paths.auth}>Войти или зарегистрироваться</Link>
              </Button>
            )}
          </section>
          <nav aria-label="Избранное и сравнение">
            <ListMenuLinks />
          </nav>
          <nav aria-label="Категории">
            <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Каталог</h2>
            <CategoryLinks
              categories={categories}
              className="space-y-0.5"
              linkClassName="flex justify-between rounded-md px-2 py-2.5 hover:bg-muted"
              countClassName="text-sm text-muted-foreground"
              allLinkClassName="block rounded-md px-2 py-2.5 font-semibold text-primary hover:bg-muted"
            />
          </nav>
          <nav aria-label="Разделы" className="flex flex-col">
            <Link to={paths.about} className="rounded-md px-2 py-2.5 hover:bg-muted">О компании</Link>
            <Link to={paths.contacts} className="rounded-md px-2 py-2.5 hover:bg-muted">Контакты</Link>
            <Link to={paths.publications} className="rounded-md px-2 py-2.5 hover:bg-muted">Публикации</Link>
            <Link to={paths.orderBySku} className="rounded-md px-2 py-2.5 hover:bg-muted">Заказ по артикулам</Link>
            {isStaff(user?.role) && (
              <Link to={paths.admin} className="flex items-center gap-2 rounded-md px-2 py-2.5 font-medium hover:bg-muted">
                <Icon name="shield-check" className="size-4" />
                Админ-панель
              </Link>
            )}
          </nav>
          <ShopContacts shop={shop} className="text-muted-foreground" phoneClassName="font-medium text-foreground" />
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
