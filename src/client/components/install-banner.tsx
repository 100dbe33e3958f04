import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useConsentBannerOpen } from '#client/lib/analytics.ts';
import { narrowScreen, pendingInstallPrompt, subscribeInstallPrompt, takeInstallPrompt } from '#client/lib/install-prompt.ts';
import { INSTALL_BANNER_SILENCE_MS } from '#shared/constants.ts';

/** When the visitor last closed the banner (ms since epoch), in localStorage. */
export const INSTALL_BANNER_STORAGE_KEY = 'installBannerClosedAt';
/** On iOS Safari there is no install event: the banner appears this long after load. */
export const IOS_INSTALL_DELAY_MS = 3000;
export const IOS_INSTALL_HINT = 'Чтобы установить приложение, нажмите «Поделиться», затем «На экран Домой».';

function closedRecently(now: number): boolean {
  try {
    const at = Number(window.localStorage.getItem(INSTALL_BANNER_STORAGE_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_BANNER_SILENCE_MS;
  } catch {
    return false;
  }
}

function rememberClosed() {
  try {
    window.localStorage.setItem(INSTALL_BANNER_STORAGE_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the banner stays closed for this page view.
  }
}

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone, iPod or iPad (iPadOS presents itself as a Mac with touch) in Safari, not another iOS browser. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|YaBrowser|OPiOS/.test(ua);
}

/**
 * "Install the app" banner of decisions.md: phones only (under 768 px), not in the installed app,
 * on the browser's install event (3 s after load on iOS Safari, which has none), and silent for
 * 3 days after it was closed. Install opens the browser's own prompt; on iOS, the instructions.
 */
export function InstallBanner({ shortName }: { shortName: string }) {
  const [visible, setVisible] = useState(false);
  const ios = useRef(false);
  const consentOpen = useConsentBannerOpen();

  useEffect(() => {
    if (isStandalone()) return;
    const eligible = () => narrowScreen() && !closedRecently(Date.now());

    // The install event itself is caught by lib/install-prompt from the first moment.
    const onPrompt = () => {
      if (pendingInstallPrompt() && eligible()) setVisible(true);
      if (!pendingInstallPrompt() && !ios.current) setVisible(false);
    };
    onPrompt();
    const unsubscribe = subscribeInstallPrompt(onPrompt);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const startIosTimer = () => {
      timer = setTimeout(() => {
        if (eligible()) setVisible(true);
      }, IOS_INSTALL_DELAY_MS);
    };
    ios.current = isIosSafari();
    if (ios.current) {
      if (document.readyState === 'complete') startIosTimer();
      else window.addEventListener('load', startIosTimer, { once: true });
    }
    return () => {
      unsubscribe();
      window.removeEventListener('load', startIosTimer);
      clearTimeout(timer);
    };
  }, []);

  const close = () => {
    rememberClosed();
    setVisible(false);
  };

  const install = async () => {
    const event = takeInstallPrompt();
    close();
    if (event) {
      await event.prompt().catch(() => undefined);
      return;
    }
    window.alert(IOS_INSTALL_HINT);
  };

  if (!visible || consentOpen) return null;
  return (
    <section
      aria-label="Установка приложения"
      className="fixed inset-x-0 bottom-16 z-40 px-3 pb-3 md:hidden"
    >
      <div className="rounded-lg border border-border bg-background p-3 shadow-lg">
        <div className="flex items-start gap-3">
          <img src="/icons/icon-192.png" alt="" width={44} height={44} className="size-11 shrink-0 rounded-md" />
          <div className="min-w-0 flex-1 pt-0.5">
            <p className="text-sm leading-snug font-semibold">Установите приложение {shortName}</p>
            <p className="mt-0.5 text-xs leading-snug text-muted-foreground">Быстрый доступ к каталогу инструментов</p>
          </div>
          <Button size="icon-sm" variant="ghost" className="-mt-1 -mr-1" aria-label="Закрыть" onClick={close}>
            <X aria-hidden />
          </Button>
        </div>
        <Button className="mt-3 w-full" onClick={() => void install()}>
          <Download aria-hidden />
          Установить
        </Button>
      </div>
    </section>
  );
}
