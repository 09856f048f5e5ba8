import { useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { LOGO_HEIGHT, LOGO_WIDTH } from '@cc/config';
import { Spinner } from '@cc/ui/spinner';
import { buttonClasses, useTheme } from '@cc/ui/theme';

export type LogoFieldProps = {
  value: string;
  storeName: string;
  isUploading: boolean;
  error: string | null;
  /** A chosen file is not 120x40: offer to have it fitted instead. */
  canFit?: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
  onFit?: () => void;
};

/**
 * Logo upload with a preview and a remove-logo button; the logo is optional and meant to be
 * 120x40 px. A file of another size gets the spec's message and, beside it, 'Fit to 120×40'.
 */
export function LogoField({
  value,
  storeName,
  isUploading,
  error,
  canFit = false,
  onFile,
  onRemove,
  onFit,
}: LogoFieldProps) {
  const theme = useTheme();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        Logo
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-[56px] w-[136px] items-center justify-center rounded-md border border-dashed border-slate-400 bg-slate-50">
          {value ? (
            <img
              src={value}
              alt={`${storeName || 'Store'} logo preview`}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              className="h-10 w-[120px] object-contain"
            />
          ) : (
            <span className="text-xs text-slate-600">No logo</span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            disabled={isUploading}
            onChange={handleChange}
            className="max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          {value && !isUploading && (
            <button
              type="button"
              onClick={onRemove}
              className={buttonClasses(theme, { variant: 'secondary' })}
            >
              Remove logo
            </button>
          )}
          {isUploading && <Spinner size="sm" label="Uploading logo" />}
        </div>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        PNG, JPEG or WebP, {LOGO_WIDTH}x{LOGO_HEIGHT} px.
      </p>
      {error && (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
          {canFit && onFit && !isUploading && (
            <button
              type="button"
              onClick={onFit}
              aria-describedby={errorId}
              className={buttonClasses(theme, { variant: 'secondary' })}
            >
              Fit to {LOGO_WIDTH}×{LOGO_HEIGHT}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
