import { configure, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('/my-store review banner and email verification', () => {
  it('asks to verify the email instead of saying the page is being reviewed while the store waits for it', async () => {
    renderApp('/my-store', {
      user: storedUser({ store: store({ awaiting_email_verification: true }) }),
    });
    expect(await screen.findByText(ACCOUNT_MESSAGES.verifyBeforeReview)).toBeVisible();
    expect(
      screen.getByText(ACCOUNT_MESSAGES.verifyBeforeReview).closest('[role="status"]'),
    ).toBeVisible();
    expect(screen.queryByText(/being reviewed/)).toBeNull();
  });

  it('says the page is being reviewed once the store no longer waits for the email', async () => {
    renderApp('/my-store', {
      user: storedUser({ store: store({ awaiting_email_verification: false }) }),
    });
    expect(await screen.findByText('Your store page is being reviewed')).toBeVisible();
    expect(screen.queryByText(ACCOUNT_MESSAGES.verifyBeforeReview)).toBeNull();
  });
});
