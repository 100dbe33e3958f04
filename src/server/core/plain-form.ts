import type { App } from './app-types.ts';
import { namedPlugin } from './named-plugin.ts';

/**
 * The routes of `scope` take a plain HTML form (`application/x-www-form-urlencoded`) as an object
 * of its fields: the storefront's forms that work before the page's script loads. Called inside
 * an encapsulated scope, so the rest of the API still refuses forms (415).
 */
export function acceptPlainForms(scope: App) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Declares `routes` in a scope of their own that takes plain forms (see acceptPlainForms). */
export function plainFormRoutes(app: App, routes: (form: App) => void) {
  app.register(
    namedPlugin(async (form: App) => {
      acceptPlainForms(form);
      routes(form);
    }, 'plain-form'),
  );
}
