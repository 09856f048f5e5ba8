// Ports of the server the browser journeys start; apart from `npm start`'s 4000/4007/4008/4010.
export const E2E_API_PORT = 4100;
export const E2E_BRAND_PORTS = { uk: 4107, 'us-promo': 4108, 'us-discount': 4110 };
