import { describe, expect, it } from 'vitest';
import type { LegacyMerchant } from '@cc/contract';
import { snippetHtml } from '../src/legacy/wire';

describe('legacy merchant snippet', () => {
  it('is one element to embed: a logo adds no preload link in front of it and loads as the shopper scrolls to it', () => {
    const merchant = {
      MerchantId: 5,
      Name: 'Harbour',
      Url: 'https://harbour.example/',
      LogoUrl: 'https://cdn.example/logo.png',
    } as LegacyMerchant;
    const html = snippetHtml(merchant, []);
    expect(html.startsWith('<div class="cc-merchant" data-merchant-id="5">')).toBe(true);
    expect(html).not.toContain('<link');
    expect(html).toContain(
      '<img src="https://cdn.example/logo.png" alt="Harbour" width="120" height="40" loading="lazy"/>',
    );
  });
});
