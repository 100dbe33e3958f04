import { Icon } from '#client/components/ui/icon.tsx';
import { useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import type { SuggestionsProps } from './search-suggestions.tsx';

/**
 * Submits to /?query= only when the trimmed text is non-empty (spec 5); a plain GET form without JS.
 * Suggests while typing (issue 26): the suggestions' code is fetched when the field is first
 * used, not with the page (the home page's first-load budget), and sets the field's combobox
 * attributes (open, the active option) itself.
 */
export function SearchForm({ className, id }: { className?: string; id: string }) {
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('query') ?? '');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SuggestionsProps> | null>(null);
  const onFocus = () => {
    if (!Suggestions) void import('./search-suggestions.tsx').then((module) => setSuggestions(() => module.SearchSuggestions));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) navigate(paths.search(query));
  };
  return (
    <form role="search" action="/" method="get" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Поиск по каталогу
      </label>
      <input
        ref={input}
        id={id}
        name="query"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={onFocus}
        placeholder="Поиск: перфоратор, KZC26, шуруповёрт…"
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-md border border-input bg-background pr-12 pl-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 md:h-10"
      />
      <button
        type="submit"
        aria-label="Найти"
        className="absolute top-0 right-0 flex h-full w-11 items-center justify-center rounded-r-md bg-primary text-primary-foreground hover:bg-primary-hover"
      >
        <Icon name="search" className="size-4" />
      </button>
      {Suggestions && <Suggestions input={input} text={text} listId={`${id}-suggestions`} />}
    </form>
  );
}
