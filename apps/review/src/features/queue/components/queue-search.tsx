import { useId, useState, type FormEvent } from 'react';

/** Finds stores by the start of their slug (the server reads spaces as hyphens, any case); empty shows the whole queue. */
export function QueueSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Stores" className="flex gap-2 text-sm" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Store slug starts with
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Store slug starts with…"
        className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="rounded bg-white px-3 py-1 shadow">
        Search
      </button>
    </form>
  );
}
