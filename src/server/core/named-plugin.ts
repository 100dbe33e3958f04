/**
 * The plugin with a display name for fastify: its function's name unless one is given. Without
 * it, fastify looks for the plugin among the exports of every CommonJS module loaded, twice per
 * registration: about 50 ms of each app a test worker builds, with the test runner's modules loaded.
 */
export const namedPlugin = <Plugin extends (...args: never[]) => unknown>(plugin: Plugin, name = plugin.name): Plugin =>
  Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
