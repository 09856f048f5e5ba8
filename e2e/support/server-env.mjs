// The built server's settings for a journey's server, shared by the journeys' common
// server (start-server.mjs) and the servers single journeys start (own-server.ts):
// fresh PGlite data in `dataDir`, the API on `apiPort` and each brand on
// `apiPort + client id`, links to `origins`, a generous auth rate limit so the
// journeys' many logins are not throttled, the local checkout and the local mailbox.

/**
 * @param {{ apiPort: number; origins: Record<7 | 8 | 10, string>; dataDir: string }} options
 * @returns {Record<string, string>}
 */
export function serverEnv({ apiPort, origins, dataDir }) {
  return {
    NODE_ENV: 'development',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(apiPort),
    PORT_UK: String(apiPort + 7),
    PORT_US_PROMO: String(apiPort + 8),
    PORT_US_DISCOUNT: String(apiPort + 10),
    ORIGIN_UK: origins[7],
    ORIGIN_US_PROMO: origins[8],
    ORIGIN_US_DISCOUNT: origins[10],
    RATE_LIMIT_AUTH_MAX: '10000',
    SMTP_URL: '',
    BILLING_PROVIDER: 'local',
  };
}
