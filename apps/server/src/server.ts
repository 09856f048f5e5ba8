import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { CLIENTS } from '@cc/config';
import { buildApp } from './app';
import { openDatabase } from './core/data/db';
import { EnvError, loadEnv } from './core/platform/env';
import { unsupportedNode } from './core/platform/node-version';
import { gracefulShutdown, keepConnectionsAlive } from './core/platform/shutdown';
import { sendingClients, smtpSender } from './mail/worker';
import { seed } from './seed';

/**
 * Boots: settings, database + migrations, seed, the app on the API port and each served brand's
 * port (BRANDS); SIGTERM or SIGINT drains, then stops it (core/platform/shutdown.ts).
 */
async function main(): Promise<void> {
  const oldNode = unsupportedNode();
  if (oldNode) {
    console.error(oldNode);
    process.exit(1);
  }
  const env = loadEnv();
  const database = openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') },
  );
  await database.migrate();
  // Demo logins only on a developer's machine: production has no seed settings (env.ts).
  const demoStores = {
    brandOrigins: env.brandOrigins,
    localBilling: env.billing.provider === 'local',
  };
  const logins = env.seed ? await seed(database.db, { ...env.seed, demoStores }) : [];
  const app = await buildApp({ database, env });
  await app.listen({ port: env.apiPort, host: env.host });

  const brandServers: Server[] = [];
  for (const client of env.brands) {
    const server = createServer((req, res) => app.routing(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.brandPorts[client], env.host, resolve);
    });
    brandServers.push(server);
  }
  const servers = [app.server, ...brandServers];
  keepConnectionsAlive(servers, env.keepAliveTimeoutMs);

  // Each brand's mail from its own sender; a brand without one here is left to an instance that has it.
  const worker = env.smtp
    ? app.outbox.worker({ send: smtpSender(env.smtp), clients: sendingClients(env.smtp.from) })
    : undefined;
  worker?.start();

  const shutdown = gracefulShutdown({
    servers,
    ...env.shutdown,
    drain: () => app.drain(),
    close: async () => {
      await worker?.stop();
      // The app's onClose hooks write the shoppers' counts it holds, then the database closes.
      await app.close();
      await database.close();
    },
    log: (line) => console.log(line),
    warn: (line) => console.error(line),
  });

  const shown = env.host === '0.0.0.0' ? 'localhost' : env.host;
  const lines = [
    '',
    `Coupon Center is running (${database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'})`,
    `  API       http://${shown}:${env.apiPort}/api/v1/  (docs: http://${shown}:${env.apiPort}/api/v1/docs)`,
    ...env.brands.map(
      (id) =>
        `  ${CLIENTS[id].appName.padEnd(12)} ${env.brandOrigins[id]}  (client ${id}, port ${env.brandPorts[id]})`,
    ),
    ...(env.brands.length === 0
      ? ['  Brands    none on this instance (BRANDS is empty): the API port only']
      : []),
    env.smtp
      ? '  Mail      sent through SMTP'
      : `  Mailbox   http://${shown}:${env.apiPort}/dev/mailbox`,
    ...env.optIns.map((line) => `  Opt-in    ${line}`),
    `  Review    http://${shown}:${env.apiPort}/review/  (staff console; store pages at /stores/{slug} on every port)`,
    ...(logins.length > 0 ? ['', 'Demo logins:'] : []),
    ...logins.map(
      (l) =>
        `  ${l.client === 'staff' ? 'staff     ' : `client ${String(l.client).padEnd(3)}`} ${l.email} / ${l.created ? l.password : `${l.password} (unless changed)`}${l.storeUrl ? `  store ${l.storeUrl}` : ''}`,
    ),
    '',
  ];
  console.log(lines.join('\n'));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown.shutDown(signal).then(
        (code) => process.exit(code),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
