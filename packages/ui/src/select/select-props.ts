import type { ThemeClasses } from '@cc/config';
import type { ReactNode } from 'react';
import type { SelectOption, SelectSize } from './select-logic';

type BaseProps = {
  label: ReactNode;
  options: readonly SelectOption[];
  id?: string;
  name?: string;
  placeholder?: string;
  /** Height step of the open list, 0 to 11 (SELECT_HEIGHTS); 240px when absent. */
  size?: SelectSize;
  error?: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  /** While the options are still being fetched: the list says so and is busy. */
  isLoading?: boolean;
  required?: boolean;
  isLabelHidden?: boolean;
  /** Called when focus leaves the select (Formik: setFieldTouched). */
  onBlur?: () => void;
  className?: string;
  theme?: Partial<ThemeClasses>;
};

export type SingleSelectProps = BaseProps & {
  isMulti?: false;
  value: string | null;
  onChange: (value: string | null) => void;
  hasSelectAll?: never;
};

export type MultiSelectProps = BaseProps & {
  isMulti: true;
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Adds the 'Select all' / 'Unselect All' button above the options. */
  hasSelectAll?: boolean;
};

export type SelectProps = SingleSelectProps | MultiSelectProps;
