import { useWatch, type FieldPath } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/utils.ts';
import { META_DESCRIPTION_MAX } from '#shared/constants.ts';
import { SeoSettingsSchema, type SeoSettings } from '#shared/schemas/settings.ts';
import { adminSeoSettingsQuery, useSaveSettings } from './api.ts';
import { FieldGrid, SettingsForm, SettingsFormTab, settingsFields, settingsSaveToasts, useSettingsForm } from './settings-form-parts.tsx';
import { REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';

type Field = FieldPath<SeoSettings>;
const FIELDS: readonly Field[] = ['siteTitle', 'metaDescription', 'metaKeywords', 'ogImage', 'googleAnalyticsId', 'yandexMetrikaId'];
const OG_HINT = 'Показывается, когда ссылкой на сайт делятся в мессенджерах и соцсетях';

function SeoForm({ data }: { data: SeoSettings }) {
  const form = useSettingsForm<SeoSettings>(SeoSettingsSchema, data);
  const { handleSubmit, reset, setError, control: formControl, formState } = form;

  const save = useSaveSettings(
    'seo',
    settingsSaveToasts({ reset: (saved) => reset(saved, REPLACE_TYPED), saved: 'SEO настройки обновлены', failed: 'Не удалось сохранить настройки', fields: FIELDS, setError }),
  );

  const { control, field } = settingsFields('seo', form);
  const descriptionLength = (useWatch({ control: formControl, name: 'metaDescription' }) ?? '').trim().length;
  const descriptionHint = `Не более ${META_DESCRIPTION_MAX} символов: ${descriptionLength} из ${META_DESCRIPTION_MAX}`;
  const descriptionShown = <span className={cn(descriptionLength > META_DESCRIPTION_MAX && 'font-medium text-destructive')}>{descriptionHint}</span>;

  return (
    <SettingsForm label="SEO настройки" onSubmit={handleSubmit((values) => save.mutate(values))} dirty={formState.isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)}>
      {field('siteTitle', { label: 'Заголовок сайта (title)', required: true }, <Input {...control('siteTitle')} />)}
      {field('metaDescription', { label: 'Мета-описание', hint: descriptionShown }, <Textarea rows={3} {...control('metaDescription', { hint: descriptionHint })} />)}
      {field('metaKeywords', { label: 'Ключевые слова', hint: 'Через запятую' }, <Input {...control('metaKeywords', { hint: 'Через запятую' })} />)}
      {field(
        'ogImage',
        { label: 'Изображение для социальных сетей (URL)', hint: OG_HINT },
        <Input type="url" inputMode="url" spellCheck={false} placeholder="https://" {...control('ogImage', { hint: OG_HINT })} />,
      )}
      <FieldGrid>
        {field('googleAnalyticsId', { label: 'Google Analytics ID' }, <Input spellCheck={false} placeholder="G-XXXXXXXXXX" {...control('googleAnalyticsId')} />)}
        {field('yandexMetrikaId', { label: 'Яндекс Метрика ID' }, <Input inputMode="numeric" spellCheck={false} placeholder="12345678" {...control('yandexMetrikaId')} />)}
      </FieldGrid>
    </SettingsForm>
  );
}

/** 'SEO': the head of every server-rendered page and the analytics counters. */
export const SeoSettingsTab = () => (
  <SettingsFormTab query={adminSeoSettingsQuery()} form={SeoForm} title="SEO настройки" failure="Не удалось загрузить SEO настройки"
    description="Заголовок и описание сайта для поисковых систем; счётчики веб-аналитики." />
);
