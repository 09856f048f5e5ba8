import type { ThemeClasses } from '@cc/config';
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { cx, focusRing } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type HoverTipProps = {
  /** The tip's text. */
  tip: ReactNode;
  /** Accessible name of the trigger button. */
  label?: string;
  /** Visible content of the trigger; a question mark when absent. */
  children?: ReactNode;
  placement?: 'top' | 'bottom';
  theme?: Partial<ThemeClasses>;
};

/** A small help button whose tip shows on hover and keyboard focus; Escape hides it. */
export function HoverTip({
  tip,
  label = 'More information',
  children,
  placement = 'top',
  theme,
}: HoverTipProps) {
  const resolved = useTheme(theme);
  const tipId = useId();
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setIsOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return (
    <span
      className="relative inline-flex"
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={isOpen ? tipId : undefined}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        className={cx(
          'inline-flex size-5 items-center justify-center rounded-full border border-current text-xs font-bold',
          resolved.textColor,
          focusRing(resolved),
        )}
      >
        {children ?? <span aria-hidden="true">?</span>}
      </button>
      {isOpen && (
        <span
          role="tooltip"
          id={tipId}
          className={cx(
            'absolute left-1/2 z-20 w-max max-w-64 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg',
            placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2',
          )}
        >
          {tip}
        </span>
      )}
    </span>
  );
}
