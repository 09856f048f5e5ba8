import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueOf, renderConsole, STAFF } from '../../../testing/render-console';
import { AUDIT_FIRST_PAGE, AUDIT_SECOND_PAGE } from '../../../testing/console-fixtures';
import { server } from '../../../testing/server';

afterEach(() => vi.restoreAllMocks());

/** Answers the audit's pages by cursor and records every query string asked. */
function auditAnswers() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
    http.get('*/api/v1/audit/', ({ request }) => {
      expect(request.headers.get('authorization')).toBe(`Bearer ${STAFF.token}`);
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      return HttpResponse.json(
        query.get('cursor') === 'page-2' ? AUDIT_SECOND_PAGE : AUDIT_FIRST_PAGE,
      );
    }),
  );
  return asked;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openAudit() {
  const view = renderConsole({ session: STAFF });
  expect(await screen.findByText('Nothing to review.')).toBeVisible();
  await view.user.click(screen.getByRole('button', { name: 'Audit' }));
  expect(screen.getByRole('button', { name: 'Audit' })).toHaveAttribute('aria-pressed', 'true');
  return view;
}

describe('audit screen', () => {
  it('lists when, who, action, target, address and details, and loads the next page below', async () => {
    const asked = auditAnswers();
    const { user } = await openAudit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit' })).toBeVisible();
    const table = await screen.findByRole('table');
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Address', 'Details']);
    expect(cellsOf(first as HTMLElement).slice(1)).toEqual([
      'staff@couponcenter.localstaff #2',
      'Store declined',
      'store:41',
      '192.0.2.44',
      'reason: No logo yet',
    ]);
    expect(cellsOf(second as HTMLElement).slice(1, 5)).toEqual([
      'owner@acme.examplemerchant #12',
      'Signed in',
      'user:12',
      '203.0.113.7',
    ]);
    expect(cellsOf(first as HTMLElement)[0]).toMatch(/^2025-11-2[12] \d\d:00:00$/);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(cellsOf(within(table).getAllByRole('row')[3] as HTMLElement).slice(1, 3)).toEqual([
      'who@example.commerchant',
      'Failed sign-in',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual(['', 'cursor=page-2']);
  });

  it('filters by actor, action (a select of the known actions) and target, from the newest entry again', async () => {
    const asked = auditAnswers();
    const { user } = await openAudit();
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Audit filters' });
    await user.type(within(form).getByLabelText('Actor'), 'owner@acme.example');
    await user.selectOptions(within(form).getByLabelText('Action'), 'Store declined');
    await user.type(within(form).getByLabelText('Target'), 'store:41');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(asked).toContain(
        'actor=owner%40acme.example&action=review.declined&target=store%3A41',
      ),
    );
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Card updated');
  });

  it('exports the filtered entries as audit.csv', async () => {
    auditAnswers();
    let csvQuery = '';
    server.use(
      http.get('*/api/v1/audit.csv', ({ request }) => {
        csvQuery = new URL(request.url).search;
        return new HttpResponse('at,actor_user_id\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:audit';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = await openAudit();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Action'), 'Signed in');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['audit.csv']));
    expect(csvQuery).toBe('?action=auth.sign_in');
    expect(await blobs[0]?.text()).toBe('at,actor_user_id\r\n');
  });

  it('says so when no entry matches', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/audit/', () => HttpResponse.json({ results: [], next: null })),
    );
    await openAudit();
    expect(await screen.findByText('No entries match.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the server’s message when the audit is not the caller’s to read', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/audit/', () =>
        HttpResponse.json(
          { message: 'You do not have permission to perform this action.' },
          { status: 403 },
        ),
      ),
    );
    await openAudit();
    expect(
      await screen.findByText('You do not have permission to perform this action.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
