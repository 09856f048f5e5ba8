import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { FieldError, FieldHint, describedBy } from '../internal/field';
import { cx, focusRing } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';
import { displayText, findByPrefix, isAllSelected } from './select-logic';
import { SelectPanel } from './select-panel';
import type { SelectProps } from './select-props';

const TYPE_AHEAD_RESET_MS = 500;
const PAGE_STEP = 10;

/**
 * A single or multi select following the ARIA select-only combobox pattern.
 * Opens on click; closes on an outside click, on Escape, when focus leaves it,
 * and after a pick in single mode. Keyboard: arrows, Home/End, Page Up/Down,
 * Enter or Space to pick, Escape to close, and typing to jump to an option.
 */
export function Select(props: SelectProps) {
  const {
    label,
    options,
    id,
    name,
    placeholder = 'Select...',
    size,
    error,
    hint,
    disabled = false,
    isLoading = false,
  } = props;
  const resolved = useTheme(props.theme);
  const generated = useId();
  const baseId = id ?? (name ? `${name}-${generated}` : `select-${generated}`);
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const chosen: readonly string[] = props.isMulti
    ? props.value
    : props.value === null
      ? []
      : [props.value];
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const comboRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ query: '', timer: 0 });

  function open(index?: number) {
    if (disabled) return;
    const selected = options.findIndex((option) => chosen.includes(option.value));
    setActiveIndex(index ?? (selected >= 0 ? selected : 0));
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
  }

  // Closes on a pointer press anywhere outside the select.
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOpen]);

  // Keeps the active option in view as the keyboard moves through a long list.
  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    const element = listRef.current?.children[activeIndex];
    if (element && typeof element.scrollIntoView === 'function')
      element.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  useEffect(() => () => window.clearTimeout(typed.current.timer), []);

  function pick(index: number) {
    const option = options[index];
    if (!option) return;
    if (props.isMulti) {
      const next = chosen.includes(option.value)
        ? chosen.filter((value) => value !== option.value)
        : options
            .filter((o) => o.value === option.value || chosen.includes(o.value))
            .map((o) => o.value);
      props.onChange(next);
      setActiveIndex(index);
    } else {
      props.onChange(option.value);
      close();
    }
  }

  function toggleAll() {
    if (!props.isMulti) return;
    props.onChange(isAllSelected(options, chosen) ? [] : options.map((option) => option.value));
  }

  function typeAhead(char: string) {
    window.clearTimeout(typed.current.timer);
    typed.current.query += char;
    typed.current.timer = window.setTimeout(() => {
      typed.current.query = '';
    }, TYPE_AHEAD_RESET_MS);
    const found = findByPrefix(
      options,
      typed.current.query,
      Math.max(activeIndex, 0) - (isOpen ? 0 : 1),
    );
    if (found < 0) return;
    if (isOpen) setActiveIndex(found);
    else open(found);
  }

  function move(to: number) {
    if (options.length === 0) return;
    setActiveIndex(Math.min(options.length - 1, Math.max(0, to)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    const { key } = event;
    if (key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    if (key === ' ' && typed.current.query !== '') {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    if (!isOpen) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        event.preventDefault();
        open();
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        open(key === 'Home' ? 0 : options.length - 1);
      }
      return;
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) close();
        else move(activeIndex - 1);
        break;
      case 'Home':
        event.preventDefault();
        move(0);
        break;
      case 'End':
        event.preventDefault();
        move(options.length - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        move(activeIndex + PAGE_STEP);
        break;
      case 'PageUp':
        event.preventDefault();
        move(activeIndex - PAGE_STEP);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        pick(activeIndex);
        break;
      case 'Escape':
        // Handled here so that an enclosing dialog stays open.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close();
        break;
      default:
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (rootRef.current?.contains(event.relatedTarget)) return;
    close();
    props.onBlur?.();
  }

  const hasError = Boolean(error);
  const shown = displayText(options, chosen, placeholder);

  return (
    <div ref={rootRef} className={cx('relative', props.className)} onBlur={onBlur}>
      <span
        id={labelId}
        className={
          props.isLabelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-800'
        }
        onClick={() => comboRef.current?.focus()}
      >
        {label}
        {props.required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </span>
      <div
        ref={comboRef}
        id={baseId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={labelId}
        aria-controls={listId}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        aria-activedescendant={
          isOpen && activeIndex >= 0 && options[activeIndex] ? optionId(activeIndex) : undefined
        }
        aria-invalid={hasError || undefined}
        aria-required={props.required || undefined}
        aria-disabled={disabled || undefined}
        aria-busy={isLoading || undefined}
        aria-describedby={describedBy(hasError && errorId, hint != null && hintId)}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        className={cx(
          'flex min-h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border bg-white px-3 py-2 text-left text-sm',
          hasError ? 'border-red-700' : 'border-slate-400',
          disabled && 'cursor-not-allowed bg-slate-100 text-slate-600',
          focusRing(resolved),
        )}
      >
        <span className={cx('truncate', chosen.length === 0 ? 'text-slate-600' : 'text-slate-900')}>
          {shown}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cx('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')}
        >
          <path
            d="M5 7.5 10 12.5 15 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </div>
      {isOpen && (
        <SelectPanel
          options={options}
          chosen={chosen}
          activeIndex={activeIndex}
          isMulti={props.isMulti === true}
          hasSelectAll={props.isMulti === true && props.hasSelectAll === true}
          isLoading={isLoading}
          size={size}
          resolved={resolved}
          listRef={listRef}
          listId={listId}
          labelId={labelId}
          optionId={optionId}
          onActivate={setActiveIndex}
          onPick={pick}
          onToggleAll={toggleAll}
        />
      )}
      {hint != null && <FieldHint id={hintId}>{hint}</FieldHint>}
      {hasError && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
