import { Icon } from '#client/components/ui/icon.tsx';
import { Link } from 'react-router';
import { paths } from '#client/paths.ts';

export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 font-bold tracking-tight" aria-label={`${name} — на главную`}>
      <span className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Icon name="wrench" className="size-5" />
      </span>
      {/* On a narrow phone the header's row keeps the menu, the mark and three counters: the name is read, not shown. */}
      <span className={inverted ? 'text-header-foreground text-lg' : 'text-foreground text-lg max-[479px]:sr-only'}>{name}</span>
    </Link>
  );
}
