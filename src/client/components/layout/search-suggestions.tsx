import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import { apiRequest } from '#client/lib/api.ts';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
import { productsCount } from '#shared/plural.ts';
import { SUGGEST_MIN_CHARS, type SearchSuggestions as Suggestions, type SuggestedCategory, type SuggestedProduct } from '#shared/search-suggestions.ts';

/**
 * The header search's suggestions (issue 26), loaded on demand by search-form.tsx: a listbox in
 * the ARIA combobox pattern under the field. Categories, then products with picture and price,
 * then «Все результаты»; arrow keys move, Enter opens, Escape closes, a click opens.
 */

export type SuggestionsProps = {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  listId: string;
};

/** Keystrokes closer together than this make one request: a word typed at speed asks once. */
const TYPING_PAUSE_MS = 150;
const PLACEHOLDER = '/placeholder-product.svg';

const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', 'suggest', query],
    queryFn: ({ client, signal }) => apiRequest<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(query)}`, { client, signal }),
    enabled: query.length >= SUGGEST_MIN_CHARS,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    // While the next word's suggestions come, the last ones stay instead of the list blinking away.
    placeholderData: keepPreviousData,
  });

type Option =
  | { kind: 'category'; category: SuggestedCategory; href: string }
  | { kind: 'product'; product: SuggestedProduct; href: string }
  | { kind: 'all'; href: string };

/** The options in the list's order; «Все результаты» searches for the text in the field now. */
function optionsOf(data: Suggestions | undefined, text: string): Option[] {
  if (!data || (data.categories.length === 0 && data.products.length === 0)) return [];
  return [
    ...data.categories.map((category): Option => ({ kind: 'category', category, href: paths.category(category.slug) })),
    ...data.products.map((product): Option => ({ kind: 'product', product, href: paths.product(product.slug) })),
    { kind: 'all', href: paths.search(text) },
  ];
}

/** The text typed, asked for once the customer pauses. */
function usePausedText(text: string): string {
  const [paused, setPaused] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/** Whether the field has the focus (it has it when this code arrives: focusing it fetched the code). */
function useFocused(input: RefObject<HTMLInputElement | null>): boolean {
  const [focused, setFocused] = useState(() => typeof document !== 'undefined' && document.activeElement === input.current);
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    field.addEventListener('focus', onFocus);
    field.addEventListener('blur', onBlur);
    return () => {
      field.removeEventListener('focus', onFocus);
      field.removeEventListener('blur', onBlur);
    };
  }, [input]);
  return focused;
}

export function SearchSuggestions({ input, text, listId }: SuggestionsProps) {
  const focused = useFocused(input);
  const navigate = useNavigate();
  const query = usePausedText(text);
  const { data, isPlaceholderData } = useQuery(suggestionsQuery(query));
  const options = query.length >= SUGGEST_MIN_CHARS ? optionsOf(data, text.trim()) : [];
  // Shown while the field has the focus, unless closed (Escape, Enter, a choice) for the text as it
  // is now: typing on, or ↓, shows it again. What was typed before this code arrived counts too.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const wanted = focused && closedFor !== text;
  // The option the arrow keys chose among these suggestions: new suggestions start with none.
  const [choice, setChoice] = useState<{ data: Suggestions | undefined; index: number }>({ data: undefined, index: -1 });
  const active = choice.data === data ? choice.index : -1;
  const open = wanted && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = open && active >= 0 ? optionId(active) : undefined;

  // The field says what the combobox pattern needs; it is the form's, rendered without this code
  // (the home page's first load), so the attributes are set here.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute('aria-expanded', String(open));
    if (open) field.setAttribute('aria-controls', listId);
    else field.removeAttribute('aria-controls');
    if (activeId) field.setAttribute('aria-activedescendant', activeId);
    else field.removeAttribute('aria-activedescendant');
  }, [input, listId, open, activeId]);

  const choose = (option: Option) => {
    setClosedFor(text);
    input.current?.blur();
    navigate(option.href);
  };

  // The field is the search form's: its keys are heard here, where the options are
  // (listened to again after each render, so the handlers see this render's options).
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setClosedFor(null);
        if (!open) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // The field itself (-1) is one of the stops, as in a browser's own suggestions.
        setChoice({ data, index: ((active + 1 + step + options.length + 1) % (options.length + 1)) - 1 });
      } else if (event.key === 'Enter') {
        setClosedFor(text);
        if (open && active >= 0) {
          event.preventDefault();
          choose(options[active]!);
        }
      } else if (event.key === 'Escape' && open) {
        // Closes the list; the field keeps its text (a search field's Escape would clear it).
        event.preventDefault();
        setClosedFor(text);
      }
    };
    field.addEventListener('keydown', onKeyDown);
    return () => field.removeEventListener('keydown', onKeyDown);
  });

  if (!open) return null;
  const categories = options.flatMap((option, index) => (option.kind === 'category' ? [{ option, index }] : []));
  const products = options.flatMap((option, index) => (option.kind === 'product' ? [{ option, index }] : []));
  const all = options.length - 1;
  const optionProps = (index: number) => ({
    id: optionId(index),
    role: 'option' as const,
    'aria-selected': index === active,
    // The field keeps the focus: a click chooses without closing the list first.
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: () => choose(options[index]!),
    className: cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted', index === active && 'bg-accent text-accent-foreground'),
  });

  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Подсказки поиска"
      aria-busy={isPlaceholderData}
      className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-border bg-popover py-1 text-popover-foreground shadow-lg"
      data-testid="search-suggestions"
    >
      {categories.length > 0 && (
        <div role="group" aria-labelledby={`${listId}-categories`}>
          <div id={`${listId}-categories`} role="presentation" className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted-foreground uppercase">
            Категории
          </div>
          {categories.map(({ option, index }) =>
            option.kind === 'category' ? (
              <div key={option.href} {...optionProps(index)}>
                <Icon name="layout-grid" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate font-medium">{option.category.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{productsCount(option.category.count)}</span>
              </div>
            ) : null,
          )}
        </div>
      )}
      {products.length > 0 && (
        <div role="group" aria-labelledby={`${listId}-products`}>
          <div id={`${listId}-products`} role="presentation" className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted-foreground uppercase">
            Товары
          </div>
          {products.map(({ option, index }) =>
            option.kind === 'product' ? (
              <div key={option.href} {...optionProps(index)}>
                <img
                  src={option.product.imageUrl || PLACEHOLDER}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded border border-border bg-white object-contain"
                />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 leading-snug">{option.product.name}</span>
                  <span className="block text-xs text-muted-foreground">Артикул: {option.product.sku}</span>
                </span>
                <span className={cn('shrink-0 text-right font-semibold tabular-nums', !hasPrice(option.product.price) && 'text-xs font-normal text-muted-foreground')}>
                  {hasPrice(option.product.price) ? formatRub(option.product.price) : 'Цена по запросу'}
                </span>
              </div>
            ) : null,
          )}
        </div>
      )}
      <div {...optionProps(all)} className={cn(optionProps(all).className, 'mt-1 border-t border-border font-semibold text-primary')}>
        <Icon name="search" className="size-4 shrink-0" />
        Все результаты
      </div>
    </div>
  );
}
