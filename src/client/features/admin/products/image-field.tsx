import { ImageUp, Link2, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import type { FieldSource } from '#shared/schemas/web-scraper.ts';
import { useUploadProductImage } from './api.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_UPLOAD = 5 * 1024 * 1024;

/** The picture's address, typed or filled in by uploading a file. */
export function ImageField({
  value,
  onChange,
  error,
  inputProps,
  source,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  inputProps: Record<string, unknown>;
  /** Where a prefilled picture came from on a supplier's page. */
  source?: FieldSource;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useUploadProductImage({
    onSuccess: ({ url }) => {
      setUploadError(null);
      onChange(url);
      toast({ title: 'Изображение загружено', variant: 'success' });
    },
    onError: (e) => setUploadError(e.message),
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setUploadError('Можно загрузить только изображение JPEG, PNG или WebP');
    if (file.size > MAX_UPLOAD) return setUploadError('Файл слишком большой: не более 5 МБ');
    setUploadError(null);
    upload.mutate(file);
  };
  const shownError = uploadError ?? error;
  return (
    <FormField
      label="Адрес изображения"
      htmlFor="product-imageUrl"
      error={shownError}
      hint="Адрес картинки (https://… или /uploads/…) или файл JPEG, PNG, WebP до 5 МБ"
      aside={<SourceBadge source={source} />}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Link2 className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="product-imageUrl"
            placeholder="https://example.ru/photo.jpg"
            className="pl-9"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={fieldDescribedBy('product-imageUrl', { hint: true, error: shownError })}
            {...inputProps}
          />
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Файл изображения"
          data-testid="product-image-file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
          <BusyLabel busy={upload.isPending} icon={ImageUp} busyText="Загрузка...">Загрузить файл</BusyLabel>
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} aria-label="Убрать изображение">
            <Trash2 aria-hidden />
            <span className="sm:hidden">Убрать изображение</span>
          </Button>
        )}
      </div>
    </FormField>
  );
}
