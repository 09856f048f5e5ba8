import type { ThemeClasses } from '@cc/config';
import type { RefObject } from 'react';
import { Spinner } from '../spinner';
import { cx, focusRing } from '../theme/class-names';
import { listMaxHeight, selectAllLabel } from './select-logic';
import type { SelectOption, SelectSize } from './select-logic';

type SelectPanelProps = {
  options: readonly SelectOption[];
  chosen: readonly string[];
  activeIndex: number;
  isMulti: boolean;
  hasSelectAll: boolean;
  isLoading: boolean;
  size: SelectSize | undefined;
  resolved: Required<ThemeClasses>;
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  labelId: string;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  onPick: (index: number) => void;
  onToggleAll: () => void;
};

/** The open select's panel: Select all (multi), then the options, a loading line or No options. */
export function SelectPanel({
  options,
  chosen,
  activeIndex,
  isMulti,
  hasSelectAll,
  isLoading,
  size,
  resolved,
  listRef,
  listId,
  labelId,
  optionId,
  onActivate,
  onPick,
  onToggleAll,
}: SelectPanelProps) {
  const maxHeight = listMaxHeight(size);
  return (
    <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-slate-300 bg-white shadow-lg">
      {isMulti && hasSelectAll && options.length > 0 && !isLoading && (
        <div className="border-b border-slate-200 px-2 py-1.5">
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={onToggleAll}
            className={cx(
              'rounded px-1 py-0.5 text-sm font-semibold underline-offset-2 hover:underline',
              resolved.textColor,
              focusRing(resolved),
            )}
          >
            {selectAllLabel(options, chosen)}
          </button>
        </div>
      )}
      {isLoading ? (
        <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
          <Spinner size="sm" isDecorative />
          Loading options...
        </p>
      ) : options.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600">No options</p>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          aria-multiselectable={isMulti || undefined}
          tabIndex={-1}
          className={cx('overflow-y-auto py-1', maxHeight === undefined && 'max-h-60')}
          style={maxHeight === undefined ? undefined : { maxHeight }}
        >
          {options.map((option, index) => {
            const isSelected = chosen.includes(option.value);
            const isActive = index === activeIndex;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => onActivate(index)}
                onClick={() => onPick(index)}
                className={cx(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900',
                  isActive && 'bg-slate-100',
                  isSelected && 'font-semibold',
                )}
              >
                {isMulti ? (
                  <span
                    aria-hidden="true"
                    className={cx(
                      'inline-flex size-4 shrink-0 items-center justify-center rounded border text-[10px] leading-none',
                      isSelected
                        ? ['border-transparent text-white', resolved.primaryColor]
                        : 'border-slate-500',
                    )}
                  >
                    {isSelected ? '✓' : ''}
                  </span>
                ) : (
                  <span
                    aria-hidden="true"
                    className={cx('w-4 shrink-0 text-center', resolved.textColor)}
                  >
                    {isSelected ? '✓' : ''}
                  </span>
                )}
                <span className="min-w-0 break-words">{option.label}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
