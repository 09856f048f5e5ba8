import { api } from '@cc/api';
import type { AuditPage } from '@cc/contract';

/** The audit's filters as the console sends them (each one left out when empty). */
export type AuditFilters = {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
};

const params = (filters: AuditFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

/** Staff only: the audit trail, a page at a time by cursor, and the same entries as CSV. */
const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditPage: build.query<AuditPage, AuditFilters & { cursor?: string }>({
      query: ({ cursor, ...filters }) => ({
        url: 'audit/',
        params: { ...params(filters), ...(cursor ? { cursor } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    /** GET /audit.csv: every entry the filters select, as text (saved by the screen). */
    auditCsv: build.query<string, AuditFilters>({
      query: (filters) => ({ url: 'audit.csv', params: params(filters), responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAuditPageQuery, useLazyAuditCsvQuery } = auditApi;
