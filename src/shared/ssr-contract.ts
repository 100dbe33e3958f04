/** What the server passes to the client's SSR bundle and gets back (the two never import each other). */
export type RenderRequest = {
  url: string;
  /** Calls the API in-process, with the visitor's cookies. */
  fetch: typeof fetch;
  publicUrl: string;
  /** The answer's Content-Security-Policy nonce, for the inline scripts the page renders. */
  nonce: string;
  /** The visitor's city (the city cookie's branch slug), '' when none was chosen. */
  city: string;
};

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'page'; status: number; head: string; html: string; state: string };

export type RenderFn = (request: RenderRequest) => Promise<RenderResult>;
