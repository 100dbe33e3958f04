import { useState } from 'react';
import { cn } from '#client/lib/utils.ts';

const PLACEHOLDER = '/placeholder-product.svg';

/** A product's picture in lists; a missing or broken one shows the placeholder. */
export function ProductThumb({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : PLACEHOLDER;
  return (
    <span className={cn('flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted', className)}>
      <img src={url} alt="" width={48} height={48} loading="lazy" decoding="async" onError={() => setFailed(src)} className="size-full object-contain p-1" />
    </span>
  );
}
