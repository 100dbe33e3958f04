import { useQuery } from '@tanstack/react-query';
import { Building2, CircleAlert, Landmark, MapPin, Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { OrganizationForm } from '#client/components/organizations/organization-form.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { organizationsQuery, useDeleteOrganization } from '#client/lib/organizations.ts';
import type { Organization } from '#shared/organizations.ts';
import { ORGANIZATIONS_MAX } from '#shared/schemas/organization.ts';

function OrganizationDialog({ open, onOpenChange, organization }: { open: boolean; onOpenChange: (open: boolean) => void; organization?: Organization }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{organization ? 'Изменить организацию' : 'Новая организация'}</DialogTitle>
          <DialogDescription>Поля со звёздочкой обязательны. Организацию можно будет выбрать покупателем при оформлении заказа.</DialogDescription>
        </DialogHeader>
        <OrganizationForm
          organization={organization}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            toast({ title: organization ? 'Организация сохранена' : 'Организация добавлена', description: saved.name, variant: 'success' });
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ organization, onOpenChange }: { organization: Organization | null; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteOrganization();
  return (
    <ConfirmDialog
      open={organization !== null}
      className="max-w-md"
      title="Удалить организацию?"
      description={`${organization ? `${organization.name}, ИНН ${organization.inn}` : ''}. Уже оформленные заказы не изменятся.`}
      confirm={
        <>
          <Trash2 aria-hidden />
          {remove.isPending ? 'Удаление...' : 'Удалить'}
        </>
      }
      pending={remove.isPending}
      onConfirm={() =>
        organization &&
        remove.mutate(organization.id, {
          onSuccess: () => {
            toast({ title: 'Организация удалена', description: organization.name, variant: 'success' });
            onOpenChange(false);
          },
          onError: (error) => toast({ title: 'Не удалось удалить организацию', description: error.message, variant: 'destructive' }),
        })
      }
      onClose={() => onOpenChange(false)}
    />
  );
}

/** A term and its value in the card's list of requisites. */
function Requisite({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium break-all tabular-nums">{children}</dd>
    </div>
  );
}

function OrganizationCard({ organization, onEdit, onDelete }: { organization: Organization; onEdit: () => void; onDelete: () => void }) {
  const o = organization;
  const bank = o.bik || o.account || o.correspondentAccount;
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle as="h3" className="break-words">
          {o.name}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid gap-1">
          <Requisite term="ИНН">{o.kpp ? `${o.inn} / КПП ${o.kpp}` : o.inn}</Requisite>
          <Requisite term={o.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'}>{o.ogrn}</Requisite>
        </dl>
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="break-words">{o.legalAddress}</span>
        </p>
        {bank && (
          <div className="flex items-start gap-2">
            <Landmark className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <dl className="grid min-w-0 gap-1" aria-label="Банковские реквизиты">
              {o.bik && <Requisite term="БИК">{o.bik}</Requisite>}
              {o.account && <Requisite term="Р/с">{o.account}</Requisite>}
              {o.correspondentAccount && <Requisite term="К/с">{o.correspondentAccount}</Requisite>}
            </dl>
          </div>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Изменить организацию «${o.name}»`}>
          <Pencil aria-hidden />
          Изменить
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Удалить организацию «${o.name}»`}>
          <Trash2 aria-hidden />
          Удалить
        </Button>
      </CardFooter>
    </Card>
  );
}

/** «Организации» of the personal account: the customer's companies to buy for, with their requisites. */
export function OrganizationsTab() {
  const organizations = useQuery(organizationsQuery());
  const [editing, setEditing] = useState<Organization | undefined>(undefined);
  const [formOpen, setFormOpen] = useState(false);
  /** A new form for each opening of the dialog. */
  const [opening, setOpening] = useState(0);
  const openForm = (organization: Organization | undefined) => {
    setEditing(organization);
    setOpening((n) => n + 1);
    setFormOpen(true);
  };
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const list = organizations.data?.organizations ?? [];
  const full = list.length >= ORGANIZATIONS_MAX;

  let body;
  if (organizations.isPending) {
    body = (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Загрузка организаций">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-52 w-full" />
        ))}
      </div>
    );
  } else if (organizations.isError) {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Не удалось загрузить организации</AlertTitle>
        <AlertDescription>
          <p>{organizations.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void organizations.refetch()}>
            <RotateCw aria-hidden />
            Повторить
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
        <Building2 className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-semibold">Вы ещё не добавили ни одной организации</p>
        <p className="max-w-md text-muted-foreground">
          Добавьте организацию или ИП с реквизитами — при оформлении заказа их можно будет выбрать покупателем.
        </p>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Мои организации">
        {list.map((organization) => (
          <li key={organization.id}>
            <OrganizationCard organization={organization} onEdit={() => openForm(organization)} onDelete={() => setDeleting(organization)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="organizations-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="organizations-title" className="text-xl font-bold">
            Организации
          </h2>
          <p className="text-sm text-muted-foreground">Реквизиты организаций и ИП, от имени которых вы покупаете.</p>
        </div>
        <Button onClick={() => openForm(undefined)} disabled={full || organizations.isPending}>
          <Plus aria-hidden />
          Добавить организацию
        </Button>
      </div>
      {full && <p className="text-sm text-muted-foreground">Сохранено {ORGANIZATIONS_MAX} организаций — это максимум. Удалите ненужную, чтобы добавить новую.</p>}
      {body}
      <OrganizationDialog key={opening} open={formOpen} onOpenChange={setFormOpen} organization={editing} />
      <DeleteDialog organization={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </section>
  );
}
