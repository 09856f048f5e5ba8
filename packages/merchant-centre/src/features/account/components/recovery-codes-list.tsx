import { Banner } from '@cc/ui/banner';

/**
 * The recovery codes, this once: each signs in once in place of a code from the app. The
 * server keeps only their hashes, so they cannot be shown again (new ones can be made).
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Banner variant="info">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They are shown only now.
      </Banner>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded border border-slate-200 bg-slate-50 px-2 py-1 text-center"
          >
            {code}
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="rounded bg-slate-900 px-4 py-2 text-sm font-semibold text-white"
          onClick={onDone}
        >
          I have saved my recovery codes
        </button>
      </div>
    </div>
  );
}
