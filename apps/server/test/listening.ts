import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ListenHandlers } from '../src/core/data/db';
import { watchStoreChanges } from '../src/core/data/store-changes';

/**
 * `count` HTTP servers on free loopback ports, as server.ts opens the API and brand ports;
 * `route` hands their requests to an app (so request.raw.socket.localPort is the real port).
 */
export async function listening(count: number) {
  const servers: Server[] = Array.from({ length: count }, () => createServer());
  await Promise.all(
    servers.map((server) => new Promise<void>((done) => server.listen(0, '127.0.0.1', done))),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  return {
    ports,
    url: (port: number | undefined, path: string) => `http://127.0.0.1:${port ?? 0}${path}`,
    route(app: FastifyInstance): void {
      for (const server of servers) server.on('request', (req, res) => app.routing(req, res));
    },
    close: () => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))),
  };
}

/**
 * watchStoreChanges over a listener the test drives: `notify` hands it a payload as a trigger's
 * notification would, `down` loses the connection (it then re-subscribes with its backoff).
 */
export async function drivenStoreChanges() {
  let handlers: ListenHandlers | undefined;
  let subscriptions = 0;
  const watcher = watchStoreChanges({
    listen: async (_channel, next) => {
      subscriptions += 1;
      handlers = next;
      return { close: async () => undefined };
    },
  });
  await watcher.ready;
  return {
    watcher,
    notify: (payload: string) => handlers?.onNotify(payload),
    down: (error: Error) => handlers?.onDown(error),
    /** How many times it has subscribed. */
    subscriptions: () => subscriptions,
  };
}
