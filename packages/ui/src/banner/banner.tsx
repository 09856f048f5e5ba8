import type { ThemeClasses } from '@cc/config';
import type { ReactNode } from 'react';
import { cx } from '../theme/class-names';
import { useTheme } from '../theme/theme-context';

export type BannerVariant = 'info' | 'warning' | 'error';

export type BannerProps = {
  variant?: BannerVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  theme?: Partial<ThemeClasses>;
};

const ICONS: Record<BannerVariant, string> = { info: 'i', warning: '!', error: '×' };

/**
 * A message across the page. Info uses the brand's info background; an error is
 * announced at once (role alert), info and warning politely (role status).
 */
export function Banner({ variant = 'info', title, children, className, theme }: BannerProps) {
  const resolved = useTheme(theme);
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex gap-3 rounded-md border px-4 py-3 text-sm',
        variant === 'info' && ['border-slate-300 text-slate-900', resolved.infoBg],
        variant === 'warning' && 'border-amber-400 bg-amber-50 text-amber-950',
        variant === 'error' && 'border-red-300 bg-red-50 text-red-900',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white',
          variant === 'info' && resolved.primaryColor,
          variant === 'warning' && 'bg-amber-700',
          variant === 'error' && 'bg-red-700',
        )}
      >
        {ICONS[variant]}
      </span>
      <div className="min-w-0 break-words">
        {title != null && <p className="font-semibold">{title}</p>}
        {children != null && <div className={cx(title != null && 'mt-0.5')}>{children}</div>}
      </div>
    </div>
  );
}
