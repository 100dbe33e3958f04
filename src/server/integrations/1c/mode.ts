import type { ExchangeDeps } from './deps.ts';
import type { ExchangeSession } from './session.ts';
import type { Exchange1cType } from '#shared/schemas/exchange-1c.ts';

/** One call as the dispatcher sees it. */
export type ExchangeCall = {
  type: Exchange1cType;
  mode: string;
  /** `filename=` of file and import calls. */
  filename: string | undefined;
  /** The session the exchange cookie names (null on checkauth). */
  session: ExchangeSession;
  /** The raw body of a file call. */
  body: Buffer | undefined;
  now: Date;
};

/** A mode's answer: the text 1C reads. */
export type ModeHandler = (deps: ExchangeDeps, call: ExchangeCall) => Promise<string>;

export const success = (...lines: string[]) => ['success', ...lines].join('\n');
export const failure = (reason: string) => `failure\n${reason}`;
