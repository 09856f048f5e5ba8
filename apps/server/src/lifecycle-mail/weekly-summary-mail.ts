import { getClientConfig, type ClientId } from '@cc/config';
import { formatNumber } from '@cc/contract';
import type { NewMail } from '../mail/types';
import { lifecycleMail, longDate } from './compose';

export type WeekCounts = { views: number; reveals: number; clicks: number };

/** Last Monday-to-Sunday week's views, code reveals and clicks; links to Insights. */
export function weeklySummaryMail(params: {
  client: ClientId;
  to: string;
  origin: string;
  storeName: string;
  /** yyyy-MM-dd of the week's Monday and Sunday. */
  week: { from: string; to: string };
  counts: WeekCounts;
  unsubscribeUrl: string;
}): NewMail {
  const brand = getClientConfig(params.client);
  const figure = (value: number) => formatNumber(value, { locale: brand.locale, decimals: 0 });
  const week = `${longDate(params.week.from, params.client)} to ${longDate(params.week.to, params.client)}`;
  return lifecycleMail({
    kind: 'weekly_summary',
    client: params.client,
    to: params.to,
    subject: `Your week on ${brand.siteName}: ${figure(params.counts.views)} views`,
    paragraphs: [
      { text: `How ${params.storeName} did on ${brand.siteName} from ${week}:` },
      { label: 'Views:', text: figure(params.counts.views) },
      { label: 'Code reveals:', text: figure(params.counts.reveals) },
      { label: 'Clicks:', text: figure(params.counts.clicks) },
    ],
    link: `${params.origin}/insights`,
    action: 'See your insights',
    unsubscribe: { url: params.unsubscribeUrl, what: 'weekly summaries' },
  });
}
