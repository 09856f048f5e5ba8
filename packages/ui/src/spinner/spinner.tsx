import { cx } from '../theme/class-names';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  /** Announced to screen readers; ignored when `isDecorative`. */
  label?: string;
  size?: SpinnerSize;
  /** Inside a control that already says it is busy (e.g. a loading button). */
  isDecorative?: boolean;
  className?: string;
};

const SIZES: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-8 border-[3px]',
  lg: 'size-12 border-4',
};

/** A spinning ring; the colour follows the text colour around it. */
export function Spinner({
  label = 'Loading',
  size = 'md',
  isDecorative = false,
  className,
}: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        SIZES[size],
      )}
    />
  );
  if (isDecorative) return <span className={cx('inline-flex', className)}>{ring}</span>;
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
