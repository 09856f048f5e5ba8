import { useId } from 'react';
import type { ReactNode } from 'react';

/** Ids that tie a field's input to its label, hint and error message. */
export function useFieldIds(id: string | undefined, name: string | undefined) {
  const generated = useId();
  const inputId = id ?? (name ? `${name}-${generated}` : `field-${generated}`);
  return { inputId, errorId: `${inputId}-error`, hintId: `${inputId}-hint` };
}

/** Joins the ids of the elements that describe a field, skipping absent ones. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

/** The message under a field; referenced by the input's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

/** Help text under a field. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}
