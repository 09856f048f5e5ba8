import { MAX_COUPONS_PER_STORE } from '@cc/config';
import { formatMoney } from '@cc/contract/money';
import { useTheme } from '@cc/ui/theme';
import { cx, primaryLinkClasses } from '../../../lib/class-names';
import { useBrand } from '../../../lib/brand-context';
import { useLinks } from '../../../lib/links';

const BENEFITS = [
  {
    title: 'Partner with a long-established site',
    text: 'Reach the loyal audience of shoppers who come back to us every day for their next deal.',
  },
  {
    title: 'New customer acquisition',
    text: 'Put your offers in front of shoppers who have not met your brand yet.',
  },
  {
    title: 'Higher sales and conversion rates',
    text: 'Shoppers holding a code are ready to buy, and they do.',
  },
  {
    title: 'Higher average order size',
    text: 'A saving on the basket encourages shoppers to add more to it.',
  },
  {
    title: 'A positive brand experience',
    text: 'A saving feels good, and that feeling stays with your brand.',
  },
] as const;

/** The pitch with the brand's price, the call to action, the logo strip and the benefits. */
export function LandingPage() {
  const { config, assets } = useBrand();
  const price = formatMoney(config.priceMinor, config);
  const cta = primaryLinkClasses(useTheme());
  const { Link } = useLinks();
  return (
    <>
      <section className={cx(config.theme.bgColor)}>
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-[3fr_2fr] md:items-center">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
              Your branded merchant page on {config.siteName}
            </h1>
            <p className="mt-5 text-lg text-slate-800">
              Get a page of your own on a coupon and deal site. List up to {MAX_COUPONS_PER_STORE}{' '}
              {config.productWord} or deals, and update or exchange them whenever you need.
            </p>
            <p className="mt-3 text-slate-700">Every store page is reviewed before it goes live.</p>
            <Link to="/register" className={cx(cta, 'mt-8 px-6 py-3 text-base')}>
              Create your coupon page
            </Link>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">
              Flat monthly price
            </p>
            <p className="mt-3 text-5xl font-extrabold text-slate-900" data-testid="price">
              {price}
            </p>
            <p className="mt-1 text-slate-700">per month</p>
            <p className="mt-4 text-sm text-slate-700">
              Up to {MAX_COUPONS_PER_STORE} {config.productWord} on your own {config.appName} page.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="trusted-heading" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="trusted-heading" className="text-center text-xl font-bold text-slate-900">
            Trusted by World&apos;s best brands
          </h2>
          <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-6">
            {config.brands.map((brand) => (
              <li key={brand.logo}>
                <img
                  src={assets.brandLogos[brand.logo] ?? ''}
                  alt={brand.name}
                  width={120}
                  height={40}
                  loading="lazy"
                  decoding="async"
                  className="h-10 w-[120px] object-contain"
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="benefits-heading">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="benefits-heading" className="text-2xl font-bold text-slate-900">
            Why merchants advertise with {config.appName}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="rounded-xl border border-slate-200 p-6">
                <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export { LandingPage as Component };
