import { start, stop, waitFor, type Child } from './processes';
import { connect } from 'node:net';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
  });
}

/** A Redis of the test's own on its own port, which the test stops and starts again. */
export function redisServer(port: number) {
  let child: Child | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = start('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      if (!(await waitFor(() => answers(port), 10_000)))
        throw new Error(`Redis did not start: ${child.output()}`);
    },
    async stop() {
      if (child) await stop(child);
      child = undefined;
    },
  };
}
