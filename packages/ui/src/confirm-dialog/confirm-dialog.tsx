import type { ThemeClasses } from '@cc/config';
import { FocusTrap } from 'focus-trap-react';
import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { LoadingButton } from '../loading-button';
import { buttonClasses, cx } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to cancel your subscription to ...?' */
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** May return a promise: the confirm button shows `busyLabel` until it settles. */
  onConfirm: () => unknown;
  /** Called on the cancel button, Escape and a click on the backdrop. */
  onCancel: () => void;
  busyLabel?: ReactNode;
  /**
   * What the dialog asks for beyond a yes (e.g. a password field), shown under the
   * question and not part of the dialog's description.
   */
  details?: ReactNode;
  /**
   * The confirm action destroys or ends something (e.g. cancelling a subscription):
   * the safe choice becomes the primary button and the confirm button turns red.
   */
  isDestructive?: boolean;
  theme?: Partial<ThemeClasses>;
};

/**
 * A modal confirmation. Focus moves to the cancel button and stays inside the
 * dialog; Escape (or the backdrop) cancels; on close focus returns to the element
 * that opened it.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busyLabel = 'Please wait...',
  isDestructive = false,
  details,
  theme,
}: ConfirmDialogProps) {
  const cancelVariant = isDestructive ? 'primary' : 'secondary';
  const resolved = useTheme(theme);
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!isOpen) return null;
  return createPortal(
    <FocusTrap
      focusTrapOptions={{
        initialFocus: () => cancelRef.current ?? false,
        // Escape asks the owner to close; the trap ends (and returns focus to the
        // opener) when the dialog unmounts, whichever way it was closed.
        escapeDeactivates: () => {
          onCancel();
          return false;
        },
        clickOutsideDeactivates: false,
        allowOutsideClick: true,
        returnFocusOnDeactivate: true,
        // Layout-free check, so the trap behaves the same in jsdom and browsers.
        tabbableOptions: { displayCheck: 'none' },
      }}
    >
      <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <div aria-hidden="true" className="absolute inset-0 bg-slate-900/60" onClick={onCancel} />
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={bodyId}
          className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
        >
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 break-words text-sm text-slate-700">
            {children}
          </div>
          {details != null && <div className="mt-4 grid gap-4">{details}</div>}
          {/* On a phone the buttons stack: the primary one on top, so a destructive dialog puts the safe choice there. */}
          <div
            className={cx(
              'mt-6 flex gap-3 sm:flex-row sm:justify-end',
              isDestructive ? 'flex-col' : 'flex-col-reverse',
            )}
          >
            <button
              ref={cancelRef}
              type="button"
              onClick={onCancel}
              data-variant={cancelVariant}
              className={buttonClasses(resolved, { variant: cancelVariant })}
            >
              {cancelLabel}
            </button>
            <LoadingButton
              onClick={onConfirm}
              loadingText={busyLabel}
              variant={isDestructive ? 'danger' : 'primary'}
              theme={theme}
            >
              {confirmLabel}
            </LoadingButton>
          </div>
        </div>
      </div>
    </FocusTrap>,
    document.body,
  );
}
