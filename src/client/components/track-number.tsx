import { ExternalLink } from 'lucide-react';
import { cdekTrackingUrl } from '#shared/cdek.ts';

/** «Трек-номер СДЭК: 1234567890», the number a link to СДЭК's tracking page. */
export function TrackNumber({ trackNumber, className }: { trackNumber: string; className?: string }) {
  return (
    <p className={className} data-testid="track-number">
      <span className="text-muted-foreground">Трек-номер СДЭК: </span>
      <a
        href={cdekTrackingUrl(trackNumber)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-primary tabular-nums hover:underline"
      >
        {trackNumber}
        <ExternalLink className="size-3.5" aria-hidden />
        <span className="sr-only">(отслеживание на сайте СДЭК, откроется в новой вкладке)</span>
      </a>
    </p>
  );
}
