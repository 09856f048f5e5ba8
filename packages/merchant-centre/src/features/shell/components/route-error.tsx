import type { ReactNode } from 'react';
import { Link, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../../lib/load-chunk';

/** A route that failed: a screen chunk that did not load ('Loading chunk N failed'), or an error. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  if (error instanceof ChunkLoadError) {
    return (
      <ErrorScreen title={error.message}>
        <p className="mt-2 text-sm" data-chunk-error={error.type}>
          {error.type === 'timeout'
            ? 'The page took too long to load.'
            : 'Check your connection and reload the page.'}
        </p>
        <button
          type="button"
          className="mt-4 rounded border px-4 py-2"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </ErrorScreen>
    );
  }
  return <ErrorScreen title="Something went wrong" />;
}

/** An address that is no route of the app. */
export function NotFoundPage() {
  return <ErrorScreen title="Page not found" />;
}

function ErrorScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <p className="mt-4">
        <Link to="/" className="underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
