import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';

describe('footer', () => {
  it.each([7, 8, 10] as const)(
    "links the brand's Terms and Privacy policy in a new tab (client %i)",
    async (clientId) => {
      const config = CLIENTS[clientId];
      renderApp('/login', { config });
      const footer = within(await screen.findByRole('contentinfo'));
      const terms = footer.getByRole('link', { name: 'Terms' });
      const privacy = footer.getByRole('link', { name: 'Privacy policy' });
      expect(terms).toHaveAttribute('href', config.termsUrl);
      expect(privacy).toHaveAttribute('href', config.privacyPolicyUrl);
      for (const link of [terms, privacy]) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link.getAttribute('rel')).toContain('noopener');
      }
    },
  );

  it('shows them on merchant screens too', async () => {
    renderApp('/my-store', { user: storedUser({ store: store() }) });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'href',
      CLIENTS[7].termsUrl,
    );
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      CLIENTS[7].privacyPolicyUrl,
    );
  });
});
