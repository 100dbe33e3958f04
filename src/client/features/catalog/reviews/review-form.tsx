import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps, fieldErrorId } from '#client/components/ui/form-field.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api.ts';
import { cn } from '#client/lib/utils.ts';
import { REVIEW_NOTE_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, ReviewSchema, type OwnReview } from '#shared/schemas/review.ts';
import { useSaveReview } from './api.ts';

const MARKS = [
  { value: 1, label: 'Плохо' },
  { value: 2, label: 'Так себе' },
  { value: 3, label: 'Нормально' },
  { value: 4, label: 'Хорошо' },
  { value: 5, label: 'Отлично' },
] as const;

const noSubscription = () => () => {};

type Field = 'rating' | 'text' | 'pros' | 'cons';
type Errors = Partial<Record<Field, string>>;

/** The form's fields as the schema takes them (the rating a number, an unchosen one missing). */
function valuesOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: Field) => String(data.get(name) ?? '');
  const rating = data.get('rating');
  return { rating: rating ? Number(rating) : undefined, text: text('text'), pros: text('pros'), cons: text('cons') };
}

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Five marks as radio buttons: a plain form field that needs no script. */
function RatingChoice({ error, chosen }: { error?: string; chosen?: number }) {
  return (
    <fieldset aria-describedby={error ? fieldErrorId('review-rating') : undefined} className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">
        Оценка<span className="ml-0.5 text-destructive" aria-hidden="true">*</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {MARKS.map(({ value, label }) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-input px-3 text-sm',
              'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <input type="radio" name="rating" value={value} defaultChecked={value === chosen} required className="sr-only" aria-invalid={error ? true : undefined} />
            <Icon name="star-filled" className="size-4 text-amber-500" />
            <span className="font-semibold">{value}</span>
            <span>{label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={fieldErrorId('review-rating')} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The review form: a plain POST to the form route before the script loads (the browser checks
 * the bounds), the API with the schema's own messages after. Nothing typed is lost on an error.
 * Given the customer's own waiting or rejected review (`mine`), it starts from it and sends it
 * again to moderation; `title`, when given, heads the form.
 */
export function ReviewForm({ productId, mine, title }: { productId: number; mine?: OwnReview; title?: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Until the script runs the browser's own checks guard the form; then the schema's messages do.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);

  const write = useSaveReview(productId, Boolean(mine), {
    // Field errors go under their fields; a refusal of the whole review (a second one, too many) above the button.
    onError: (error) => {
      if (error instanceof ApiError && error.errors) setErrors(firstErrors(Object.entries(error.errors).map(([field, [message]]) => ({ path: [field], message: message ?? '' }))));
      else setFailure(error.message);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ReviewSchema.safeParse(valuesOf(event.currentTarget));
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    write.mutate(parsed.data);
  };

  const control = (name: Exclude<Field, 'rating'>, required = false) => ({
    name,
    defaultValue: mine?.[name],
    ...fieldControlProps(`review-${name}`, { error: errors[name], required }),
  });

  return (
    <form
      method="post"
      action={`/api/products/${productId}/reviews/form`}
      noValidate={scripted}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border border-border p-4"
      aria-label="Ваш отзыв о товаре"
    >
      {title && <h3 className="text-lg font-semibold">{title}</h3>}
      {mine && <input type="hidden" name="action" value="edit" />}
      <RatingChoice error={errors.rating} chosen={mine?.rating} />
      <FormField label="Отзыв" htmlFor="review-text" required error={errors.text} hint={`От ${REVIEW_TEXT_MIN} до ${REVIEW_TEXT_MAX} символов`}>
        <Textarea rows={5} required minLength={REVIEW_TEXT_MIN} maxLength={REVIEW_TEXT_MAX} placeholder="Как инструмент показал себя в работе?" {...control('text', true)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Достоинства" htmlFor="review-pros" error={errors.pros}>
          <Textarea rows={3} maxLength={REVIEW_NOTE_MAX} {...control('pros')} />
        </FormField>
        <FormField label="Недостатки" htmlFor="review-cons" error={errors.cons}>
          <Textarea rows={3} maxLength={REVIEW_NOTE_MAX} {...control('cons')} />
        </FormField>
      </div>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <div>
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? 'Отправка...' : mine ? 'Отправить на проверку' : 'Отправить отзыв'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Отзыв появится на странице после проверки модератором.</p>
    </form>
  );
}
