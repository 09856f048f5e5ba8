import { useState } from 'react';
import { errorMessage } from '@cc/api/errors';
import type { AuditEvent } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { WideTable } from '../../../components/wide-table';
import { useAutoHide } from '../../../lib/use-auto-hide';
import { useAuditPageQuery, useLazyAuditCsvQuery, type AuditFilters } from '../audit-api';
import { AuditFiltersForm } from './audit-filters';
import { AuditRow } from './audit-rows';

/** One page's rows (every page stays in its own cached query; the list is their sum). */
function PageRows({ filters, cursor }: { filters: AuditFilters; cursor: string | undefined }) {
  const { data } = useAuditPageQuery({ ...filters, ...(cursor ? { cursor } : {}) });
  return (
    <>
      {data?.results.map((event: AuditEvent) => (
        <AuditRow key={event.id} event={event} />
      ))}
    </>
  );
}

/** Saves text as a file, as a download link would. */
function save(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The audit trail: filters, the entries newest first, "Load more" for the next page, and "Export CSV". */
export function AuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const lastCursor = cursors.at(-1);
  const last = useAuditPageQuery({ ...filters, ...(lastCursor ? { cursor: lastCursor } : {}) });
  const first = useAuditPageQuery(filters);
  const [exportCsv, csv] = useLazyAuditCsvQuery();
  const shownError = useAutoHide(last.error ?? csv.error);

  function apply(next: AuditFilters) {
    setFilters(next);
    setCursors([undefined]);
  }

  async function exportFiltered() {
    const result = await exportCsv(filters);
    if (result.data !== undefined) save(result.data, 'audit.csv');
  }

  const isEmpty = first.data?.results.length === 0;
  return (
    <section aria-labelledby="audit-title" className="mx-auto flex max-w-7xl flex-col gap-3 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-title" className="text-xl font-bold">
          Audit
        </h2>
        <button
          type="button"
          disabled={csv.isFetching}
          className="rounded border border-slate-400 px-3 py-1 text-sm font-semibold"
          onClick={() => void exportFiltered()}
        >
          {csv.isFetching ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <AuditFiltersForm onApply={apply} />
      {first.isLoading && <p>Loading the audit…</p>}
      {shownError && <Banner variant="error">{errorMessage(shownError)}</Banner>}
      {isEmpty && <p className="text-sm text-slate-600">No entries match.</p>}
      {first.data && !isEmpty && (
        <WideTable label="Audit entries">
          <table aria-busy={last.isFetching} className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-xs uppercase text-slate-600">
              <tr>
                {['When', 'Who', 'Action', 'Target', 'Address', 'Details'].map((title) => (
                  <th key={title} scope="col" className="px-3 py-2">
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cursors.map((cursor) => (
                <PageRows key={cursor ?? 'first'} filters={filters} cursor={cursor} />
              ))}
            </tbody>
          </table>
        </WideTable>
      )}
      {last.data?.next && (
        <button
          type="button"
          disabled={last.isFetching}
          className="self-center rounded border border-slate-400 px-4 py-1.5 text-sm font-semibold"
          onClick={() => setCursors((current) => [...current, last.data?.next ?? undefined])}
        >
          Load more
        </button>
      )}
    </section>
  );
}
