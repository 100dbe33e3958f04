import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a free port of this machine: its port and origin, and closing it with its open connections. */
export async function listenLocally(handler?: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port of this machine that nothing listens on: a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const gone = await listenLocally();
  await gone.close();
  return gone.port;
}
