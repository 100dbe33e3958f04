import { useQuery } from '@tanstack/react-query';
import { useWatch, type FieldPath } from 'react-hook-form';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/utils.ts';
import { META_DESCRIPTION_MAX } from '#shared/constants.ts';
import { SeoSettingsSchema, type SeoSettings } from '#shared/schemas/settings.ts';
import { adminSeoSettingsQuery, useSaveSettings } from './api.ts';
import { FieldGrid, SettingsFormTab, settingsSaveToasts, useSettingsForm } from './settings-form-parts.tsx';
import { FormActions, REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';

type Field = FieldPath<SeoSettings>;
const FIELDS: readonly Field[] = ['siteTitle', 'metaDescription', 'metaKeywords', 'ogImage', 'googleAnalyticsId', 'yandexMetrikaId'];
const OG_HINT = 'Показывается, когда ссылкой на сайт делятся в мессенджерах и соцсетях';

function SeoForm({ data }: { data: SeoSettings }) {
  const { register, handleSubmit, reset, setError, control: formControl, formState } = useSettingsForm<SeoSettings>(SeoSettingsSchema, data);
  const { errors, isDirty } = formState;

  const save = useSaveSettings(
    'seo',
    settingsSaveToasts({ reset: (saved) => reset(saved, REPLACE_TYPED), saved: 'SEO настройки обновлены', failed: 'Не удалось сохранить настройки', fields: FIELDS, setError }),
  );

  const control = (name: Field, hint?: string) => {
    const error = errors[name]?.message;
    const id = `seo-${name}`;
    return {
      ...fieldControlProps(id, { error, hint }),
      ...register(name),
    };
  };
  const descriptionLength = (useWatch({ control: formControl, name: 'metaDescription' }) ?? '').trim().length;
  const descriptionHint = `Не более ${META_DESCRIPTION_MAX} символов: ${descriptionLength} из ${META_DESCRIPTION_MAX}`;

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-5" aria-label="SEO настройки">
      <FormField label="Заголовок сайта (title)" htmlFor="seo-siteTitle" required error={errors.siteTitle?.message}>
        <Input {...control('siteTitle')} />
      </FormField>
      <FormField
        label="Мета-описание"
        htmlFor="seo-metaDescription"
        error={errors.metaDescription?.message}
        hint={<span className={cn(descriptionLength > META_DESCRIPTION_MAX && 'font-medium text-destructive')}>{descriptionHint}</span>}
      >
        <Textarea rows={3} {...control('metaDescription', descriptionHint)} />
      </FormField>
      <FormField label="Ключевые слова" htmlFor="seo-metaKeywords" error={errors.metaKeywords?.message} hint="Через запятую">
        <Input {...control('metaKeywords', 'Через запятую')} />
      </FormField>
      <FormField label="Изображение для социальных сетей (URL)" htmlFor="seo-ogImage" error={errors.ogImage?.message} hint={OG_HINT}>
        <Input type="url" inputMode="url" spellCheck={false} placeholder="https://" {...control('ogImage', OG_HINT)} />
      </FormField>
      <FieldGrid>
        <FormField label="Google Analytics ID" htmlFor="seo-googleAnalyticsId" error={errors.googleAnalyticsId?.message}>
          <Input spellCheck={false} placeholder="G-XXXXXXXXXX" {...control('googleAnalyticsId')} />
        </FormField>
        <FormField label="Яндекс Метрика ID" htmlFor="seo-yandexMetrikaId" error={errors.yandexMetrikaId?.message}>
          <Input inputMode="numeric" spellCheck={false} placeholder="12345678" {...control('yandexMetrikaId')} />
        </FormField>
      </FieldGrid>
      <FormActions dirty={isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)} />
    </form>
  );
}

/** 'SEO': the head of every server-rendered page and the analytics counters. */
export function SeoSettingsTab() {
  const query = useQuery(adminSeoSettingsQuery());
  return (
    <SettingsFormTab
      query={query}
      title="SEO настройки"
      description="Заголовок и описание сайта для поисковых систем; счётчики веб-аналитики."
      failure="Не удалось загрузить SEO настройки"
    >
      {(data) => <SeoForm data={data} />}
    </SettingsFormTab>
  );
}
