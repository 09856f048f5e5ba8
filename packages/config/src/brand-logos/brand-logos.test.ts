import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../clients';
import { UK_BRAND_LOGOS } from './uk';
import { US_DISCOUNT_BRAND_LOGOS } from './us-discount';
import { US_PROMO_BRAND_LOGOS } from './us-promo';

const LOGOS_BY_CLIENT = [
  [CLIENTS[7], UK_BRAND_LOGOS],
  [CLIENTS[8], US_PROMO_BRAND_LOGOS],
  [CLIENTS[10], US_DISCOUNT_BRAND_LOGOS],
] as const;

describe("each brand build's 'Trusted by' logos", () => {
  it.each(LOGOS_BY_CLIENT)(
    'are exactly the logos $key lists, each pointing at its own file',
    (client, logos) => {
      expect(Object.keys(logos).sort()).toEqual(client.brands.map((brand) => brand.logo).sort());
      for (const [file, url] of Object.entries(logos))
        expect(url, file).toMatch(`/assets/brands/${file}`);
    },
  );
});
