import { Link, useRouteError } from 'react-router';

/** A route that failed (unknown path, chunk that did not load). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen title="Something went wrong" />;
}

/** An address that is no route of the app. */
export function NotFoundPage() {
  return <ErrorScreen title="Page not found" />;
}

function ErrorScreen({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">
        <Link to="/" className="underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
