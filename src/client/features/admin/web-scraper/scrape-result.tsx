import { ExternalLink, FilePlus2, ImageOff, PencilLine, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatRub } from '#shared/money.ts';
import { isRoubles } from '#shared/scraped-product.ts';
import type { Availability, Extracted, ExtractAnswer, ProductOffer, ScrapeResult } from '#shared/schemas/web-scraper.ts';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import { prefillState } from '#client/features/admin/lib/product-prefill.ts';
import { prefillFrom } from './prefill.ts';
import { Specs } from '#client/features/admin/components/scraped-specs.tsx';

const AVAILABILITY: Record<Availability, string> = { in_stock: 'В наличии', out_of_stock: 'Нет в наличии' };

const priceText = (kopecks: number | null | undefined, currency: string | null | undefined) =>
  kopecks ? (isRoubles(currency) ? formatRub(kopecks / 100) : `${(kopecks / 100).toLocaleString('ru-RU')} ${currency}`) : null;

/**
 * What the page gave, each value with its source; the choices the product form cannot make
 * (which offer, which picture is the main one); and the way on: a new product, or the shop's
 * product with the same SKU updated.
 */
export function ScrapeResultView({ result }: { result: ExtractAnswer }) {
  const navigate = useNavigate();
  const { card } = result;
  const offers = card.offers?.value ?? [];
  const [offerIndex, setOfferIndex] = useState(0);
  const [imageUrl, setImageUrl] = useState(result.pictures[0]?.url ?? null);
  const offer = offers[offerIndex] ?? null;
  const sku = offer?.sku ?? card.sku?.value ?? null;
  const duplicate = result.duplicates.find((d) => d.matchedSku === sku) ?? null;

  const open = (productId: number | null) => {
    const prefill = prefillFrom(result, { offer, imageUrl, imageSource: card.pictures?.source ?? null });
    // A new product cannot take the SKU the shop's product has: staff give it another.
    if (productId === null && duplicate?.sku === sku) {
      delete prefill.values.sku;
      delete prefill.sources.sku;
    }
    navigate(productId === null ? adminPaths.productCreate : adminPaths.productEdit(productId), { state: prefillState(prefill) });
  };

  const availability = offer?.availability ? { value: offer.availability, source: card.offers!.source } : card.availability;
  const price = offer ? { kopecks: offer.priceKopecks, currency: offer.currency, source: card.offers?.source } : { kopecks: card.priceKopecks?.value, currency: card.currency?.value, source: card.priceKopecks?.source };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]" data-testid="scrape-result">
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Найдено на странице</CardTitle>
            <CardDescription>
              <a href={result.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 break-all underline underline-offset-4">
                {result.url}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              </a>
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {offers.length > 1 && <OfferChoice offers={offers} value={offerIndex} onChange={setOfferIndex} />}
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Field label="Название" field={card.name} wide />
              <Field label="Артикул" field={sku ? { value: sku, source: offer?.sku ? card.offers!.source : card.sku!.source } : null} />
              <Field label="Бренд" field={card.brand} />
              <Field label="Цена" field={price.kopecks && price.source ? { value: priceText(price.kopecks, price.currency)!, source: price.source } : null}>
                {price.kopecks && !isRoubles(price.currency) && <p className="text-sm text-warning">Цена не в рублях: укажите её в карточке сами</p>}
              </Field>
              <Field label="Наличие" field={availability && { value: AVAILABILITY[availability.value], source: availability.source }} />
              <Field label="Раздел у поставщика" field={card.breadcrumbs && { value: card.breadcrumbs.value.join(' / '), source: card.breadcrumbs.source }} wide />
              <Field label="Краткое описание" field={card.shortDescription} wide />
              <Field label="Описание" field={card.description} wide clamp />
            </dl>
            <Specs
              card={card}
              characteristics={result.characteristics}
              note="Они заполнят раздел «Характеристики» карточки товара. Названия, которых в магазине ещё не было, стали новыми характеристиками: их можно переименовать или объединить с другими в разделе «Характеристики»."
            />
          </CardContent>
        </Card>
      </div>

      <div className="grid content-start gap-6">
        <Pictures result={result} value={imageUrl} onChange={setImageUrl} />
        <Next duplicate={duplicate} onOpen={open} />
      </div>
    </div>
  );
}

function Field({ label, field, wide, clamp, children }: { label: string; field: Extracted<string>; wide?: boolean; clamp?: boolean; children?: ReactNode }) {
  return (
    <div className={cn('grid content-start gap-1', wide && 'sm:col-span-2')}>
      <dt className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <SourceBadge source={field?.source} />
      </dt>
      <dd className={cn('text-sm whitespace-pre-line', !field && 'text-muted-foreground', clamp && 'line-clamp-6')}>{field ? field.value : 'Не найдено'}</dd>
      {children}
    </div>
  );
}

function OfferChoice({ offers, value, onChange }: { offers: ProductOffer[]; value: number; onChange: (index: number) => void }) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend id={id} className="mb-2 text-sm font-medium">
        На странице несколько вариантов — выберите, какой заводить
      </legend>
      <div role="radiogroup" aria-labelledby={id} className="grid gap-2">
        {offers.map((offer, index) => (
          <label
            key={`${offer.sku}-${index}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:border-foreground/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === index && 'border-primary bg-accent',
            )}
          >
            <input type="radio" name={`${id}-offer`} checked={value === index} onChange={() => onChange(index)} className="mt-0.5 size-4 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">{offer.name ?? offer.sku ?? `Вариант ${index + 1}`}</span>
              <span className="text-muted-foreground">
                {[offer.sku && `Артикул ${offer.sku}`, priceText(offer.priceKopecks, offer.currency), offer.availability && AVAILABILITY[offer.availability]].filter(Boolean).join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Pictures({ result, value, onChange }: { result: ScrapeResult; value: string | null; onChange: (url: string) => void }) {
  const id = useId();
  const found = result.card.pictures?.value.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={id} className="flex flex-wrap items-center gap-2">
          Изображения
          <SourceBadge source={result.card.pictures?.source} />
        </CardTitle>
        <CardDescription>
          {found === 0
            ? 'На странице нет изображений товара.'
            : `Сохранено в магазине: ${result.pictures.length} из ${found}. Выберите главное — оно попадёт в карточку.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result.pictures.length > 0 && (
          <div role="radiogroup" aria-labelledby={id} className="grid grid-cols-3 gap-2">
            {result.pictures.map((picture, index) => (
              <label
                key={picture.url}
                className={cn(
                  'relative aspect-square cursor-pointer overflow-hidden rounded-md border-2 bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  value === picture.url ? 'border-primary' : 'border-transparent',
                )}
              >
                <input type="radio" name={`${id}-picture`} checked={value === picture.url} onChange={() => onChange(picture.url)} className="sr-only" aria-label={`Изображение ${index + 1}`} />
                <img src={picture.url} alt="" className="size-full object-contain" loading="lazy" />
              </label>
            ))}
          </div>
        )}
        {result.pictureErrors.length > 0 && (
          <Alert variant="warning" role={undefined}>
            <ImageOff aria-hidden />
            <AlertTitle>Не сохранено: {result.pictureErrors.length}</AlertTitle>
            <AlertDescription>
              <ul className="grid gap-1">
                {result.pictureErrors.map((e) => (
                  <li key={e.source} className="break-all">
                    {e.message}: {e.source}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Create a product, or — when the shop has the SKU — choose between updating that one and a new one. */
function Next({ duplicate, onOpen }: { duplicate: ScrapeResult['duplicates'][number] | null; onOpen: (productId: number | null) => void }) {
  if (!duplicate) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Карточка товара</CardTitle>
          <CardDescription>Откроется форма нового товара с этими данными: проверьте их, выберите категорию и сохраните.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" onClick={() => onOpen(null)}>
            <FilePlus2 aria-hidden />
            Заполнить карточку товара
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Alert variant="warning" data-testid="scrape-duplicate">
      <TriangleAlert aria-hidden />
      <AlertTitle>Такой товар уже есть в магазине</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          Артикул {duplicate.matchedSku}: «{duplicate.name}». Обновите его данными со страницы или заведите новый товар
          {duplicate.sku === duplicate.matchedSku ? ' с другим артикулом' : ''}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onOpen(duplicate.id)}>
            <PencilLine aria-hidden />
            Обновить существующий
          </Button>
          <Button variant="outline" onClick={() => onOpen(null)}>
            <FilePlus2 aria-hidden />
            Создать новый
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
