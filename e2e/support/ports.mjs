// Ports of the server the browser journeys start; apart from `npm start`'s 4000/4007/4008/4010.
// E2E_API_PORT moves them, so a second checkout's journeys can run beside the first's.
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
// Each brand on the API port plus its client id, as the server's settings expect (server-env.mjs).
export const E2E_BRAND_PORTS = {
  uk: E2E_API_PORT + 7,
  'us-promo': E2E_API_PORT + 8,
  'us-discount': E2E_API_PORT + 10,
};
// The server `pnpm lighthouse` starts (e2e/lighthouse.mjs): its own ports, so it runs beside the journeys and the bench.
export const LIGHTHOUSE_API_PORT = 4900;
