import type { Server, ServerResponse } from 'node:http';

/**
 * Idle keep-alive connections stay open `keepAliveTimeoutMs` on every port, longer than the
 * proxy in front keeps its idle connections to an instance, so the proxy is the side that
 * closes them (never the instance just as the proxy sends a request on one). The headers'
 * limit sits above it, as Node asks.
 */
export function keepConnectionsAlive(servers: readonly Server[], keepAliveTimeoutMs: number): void {
  for (const server of servers) {
    server.keepAliveTimeout = keepAliveTimeoutMs;
    server.headersTimeout = keepAliveTimeoutMs + 1_000;
  }
}

export type ShutdownOptions = {
  /** Every listening server: the API port's and each brand port's. */
  servers: readonly Server[];
  /** How long readiness fails while everything is still served (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** How long requests in flight may take once new connections are refused (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Makes readiness answer 503 (app.drain). */
  drain: () => void;
  /** Runs once no request is in flight, or they were cut: the mail worker, the app (its onClose hooks write what is held) and the database. */
  close: () => Promise<void>;
  log: (line: string) => void;
  warn: (line: string) => void;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The graceful shutdown of one instance, set up at start so it knows every request in flight.
 * `shutDown(signal)`: readiness fails for the drain while every request is still served (the
 * proxy's health check takes the instance out of rotation), then the ports stop taking
 * connections, idle keep-alive connections close, and requests in flight get the timeout to
 * finish (each answer then closes its connection); then `close`. It answers the exit code:
 * 0, or 1 when the timeout cut requests, which one line reports.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  for (const server of options.servers) {
    server.on('request', (_request, response: ServerResponse) => {
      inFlight.add(response);
      if (closing && !response.headersSent) response.setHeader('connection', 'close');
      response.once('close', () => {
        inFlight.delete(response);
        // Its connection is idle now: close it rather than keep it for a request that will not come.
        if (closing) setImmediate(() => server.closeIdleConnections());
      });
    });
  }

  let stopping: Promise<number> | undefined;
  const run = async (signal: string): Promise<number> => {
    const { servers, drainMs, timeoutMs } = options;
    options.drain();
    options.log(
      `${signal}: readiness answers 503; new connections are refused in ${drainMs} ms, then requests in flight have ${timeoutMs} ms to finish`,
    );
    await sleep(drainMs);

    closing = true;
    const closed = Promise.all(
      servers.map((server) => new Promise<void>((done) => server.close(() => done()))),
    );
    for (const response of inFlight)
      if (!response.headersSent) response.setHeader('connection', 'close');
    for (const server of servers) server.closeIdleConnections();
    const waiting = inFlight.size;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!finished) {
      const cut = inFlight.size;
      for (const server of servers) server.closeAllConnections();
      options.warn(
        `Shutdown timed out: ${plural(cut, 'request')} still in flight after SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms) cut; exit code 1`,
      );
    }
    await options.close();
    if (finished)
      options.log(
        `Stopped: ${waiting === 0 ? 'no request was in flight' : `${plural(waiting, 'request')} in flight finished`}`,
      );
    return finished ? 0 : 1;
  };
  return {
    /** Starts the shutdown once; a repeated signal (a terminal's Ctrl-C reaches `npm start` and the server both) joins it. */
    shutDown(signal: string): Promise<number> {
      stopping ??= run(signal);
      return stopping;
    },
  };
}
