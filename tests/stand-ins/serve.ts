/**
 * What every stand-in shares: listening on loopback, stopping without waiting for kept-alive
 * connections, and starting from the command line (`tsx tests/stand-ins/<name>.ts --port N …`)
 * for the end-to-end server and for a look by hand.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** Listens on 127.0.0.1 (a free port unless one is given): the base address and a stop. */
export async function listenLocally(server: Server, port = 0): Promise<{ base: string; stop: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // A test's app keeps connections alive; closing alone would wait for them.
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type CommandLine = { port: number; arg: (name: string) => string | undefined };

/**
 * Starts the stand-in when its module is the program run (not imported by a test), prints where
 * it listens, and stops it on Ctrl+C or SIGTERM.
 */
export async function startFromCommandLine<T extends { stop: () => Promise<void> }>(
  moduleUrl: string,
  start: (commandLine: CommandLine) => Promise<T>,
  banner: (standIn: T) => string,
): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const standIn = await start({ port: Number(arg('port') ?? 0), arg });
  console.log(banner(standIn));
  const stop = () => void standIn.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
