import { useQuery } from '@tanstack/react-query';
import { Building2, Landmark, MapPin } from 'lucide-react';
import { OrganizationForm } from '#client/components/organizations/organization-form.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { organizationsQuery, useDeleteOrganization } from '#client/lib/organizations.ts';
import type { Organization } from '#shared/organizations.ts';
import { ORGANIZATIONS_MAX } from '#shared/schemas/organization.ts';
import { DeleteSavedDialog, SavedCardActions, SavedList, useSavedListDialogs } from './saved-list.tsx';

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
      <SavedCardActions subject={`организацию «${o.name}»`} onEdit={onEdit} onDelete={onDelete} />
    </Card>
  );
}

/** «Организации» of the personal account: the customer's companies to buy for, with their requisites. */
export function OrganizationsTab() {
  const organizations = useQuery(organizationsQuery());
  const dialogs = useSavedListDialogs<Organization>();
  const remove = useDeleteOrganization();
  return (
    <SavedList
      id="organizations-title"
      title="Организации"
      intro="Реквизиты организаций и ИП, от имени которых вы покупаете."
      addLabel="Добавить организацию"
      onAdd={() => dialogs.openForm()}
      query={organizations}
      items={organizations.data?.organizations ?? []}
      max={ORGANIZATIONS_MAX}
      fullNotice={`Сохранено ${ORGANIZATIONS_MAX} организаций — это максимум. Удалите ненужную, чтобы добавить новую.`}
      loading={{ label: 'Загрузка организаций', height: 'h-52' }}
      errorTitle="Не удалось загрузить организации"
      empty={{
        icon: Building2,
        title: 'Вы ещё не добавили ни одной организации',
        text: 'Добавьте организацию или ИП с реквизитами — при оформлении заказа их можно будет выбрать покупателем.',
      }}
      listLabel="Мои организации"
      renderCard={(organization) => (
        <OrganizationCard organization={organization} onEdit={() => dialogs.openForm(organization)} onDelete={() => dialogs.askDelete(organization)} />
      )}
    >
      <OrganizationDialog key={dialogs.formKey} open={dialogs.formOpen} onOpenChange={dialogs.setFormOpen} organization={dialogs.editing} />
      <DeleteSavedDialog
        item={dialogs.deleting}
        title="Удалить организацию?"
        describe={(o) => `${o.name}, ИНН ${o.inn}`}
        remove={remove}
        removed={(o) => ({ title: 'Организация удалена', description: o.name })}
        failure="Не удалось удалить организацию"
        onClose={dialogs.closeDelete}
      />
    </SavedList>
  );
}
