import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '#client/components/ui/input.tsx';

/** How long typing may pause before the list follows it. */
const SEARCH_DELAY_MS = 400;

type SearchBoxProps = {
  /** The query the list shows (from the address). */
  value: string;
  onChange: (query: string) => void;
  placeholder: string;
  id?: string;
  'aria-label'?: string;
};

/** The search field of an admin list: follows typing after a pause, or at once on Enter. */
export function SearchBox({ value, onChange, placeholder, id, 'aria-label': ariaLabel }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The address changed from outside (back button, reset): show its query.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onChange(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange(text.trim());
        }}
        placeholder={placeholder}
        aria-label={ariaLabel}
        className="pl-9"
      />
    </div>
  );
}
