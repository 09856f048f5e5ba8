import { randomBytes } from 'node:crypto';
import { getClientConfig, LOGO_HEIGHT, LOGO_WIDTH, type ClientId } from '@cc/config';
import { offerHeadline } from '@cc/contract';
import { billingRepository } from '../billing/repository';
import { addDays, DAY_MS, isoDate } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { encodeOfferRow } from '../coupons/offer-row';
import { coupons } from '../coupons/schema';
import { type stores } from '../stores/schema';
import { imagesRepository } from '../uploads/repository';
import { storesRepository } from '../stores/repository';
import { reviewActions } from '../review/schema';
import { demoLogoPng } from './logo';
import { DEMO_STORES } from './profiles';

const MINUTE_MS = 60 * 1000;

/**
 * Creates the demo merchant's store, as if the merchant had added it with a logo,
 * billing details and ten coupons on `createdAt` and staff (`reviewerId`) had
 * approved it a day later: all in one transaction. Coupons that start
 * later than the store were added the day before they start (and never after
 * `now`). Answers undefined when the brand's demo slug belongs to another store.
 */
export async function createDemoStore(
  db: Db,
  params: {
    userId: number;
    email: string;
    client: ClientId;
    origin: string;
    createdAt: Date;
    reviewerId: number | null;
    now: Date;
  },
): Promise<typeof stores.$inferSelect | undefined> {
  const { client, createdAt, now } = params;
  const config = getClientConfig(client);
  const profile = DEMO_STORES[client];
  const palette = config.palette;
  const png = await demoLogoPng({
    lines: profile.logo,
    background: palette.primary,
    text: palette.onPrimary,
  });
  const publicId = `logos/${randomBytes(12).toString('hex')}`;
  const money = { locale: config.locale, currency: config.currency };
  const today = isoDate(now);

  return db.transaction(async (tx) => {
    const store = await storesRepository(tx).insert({
      userId: params.userId,
      client,
      name: profile.name,
      slug: `${profile.slugBase}${config.slugSuffix}`,
      websiteUrl: profile.website,
      affiliateWebsiteUrl: '',
      logoUrl: `${params.origin}/media/${publicId}.png`,
      contactFirstName: 'Demo',
      contactLastName: 'Merchant',
      contactEmail: params.email,
      isApproved: true,
      location: config.location,
      primaryCategory: config.primaryCategory,
      createdAt,
      queuedAt: createdAt,
    });
    if (!store) return undefined;
    await imagesRepository(tx).insert({
      publicId,
      format: 'png',
      contentType: 'image/png',
      width: LOGO_WIDTH,
      height: LOGO_HEIGHT,
      bytes: png.length,
      data: png,
      createdAt,
    });
    await billingRepository(tx).saveDetails(
      { storeId: store.id, ...profile.billing, updatedAt: createdAt },
      tx,
    );
    await tx.insert(reviewActions).values({
      storeId: store.id,
      actorId: params.reviewerId,
      action: 'approve',
      createdAt: new Date(createdAt.getTime() + DAY_MS),
    });
    await tx.insert(coupons).values(
      profile.coupons.map((coupon, index) => {
        const url = `${profile.website}${coupon.path}`;
        const offer = {
          type: coupon.offerType,
          savings: coupon.savings,
          isSavingsRange: coupon.isSavingsRange,
          minimumOrder: coupon.minimum,
          startsOn: addDays(today, coupon.start),
          expiresOn: coupon.end === null ? null : addDays(today, coupon.end),
        };
        const startsAt = new Date(now.getTime() + (coupon.start - 1) * DAY_MS);
        const added = Math.max(createdAt.getTime() + (index + 1) * MINUTE_MS, startsAt.getTime());
        return {
          storeId: store.id,
          description: coupon.description,
          ...encodeOfferRow({ ...offer, title: offerHeadline(offer, money) }),
          customUrl: url,
          destinationCouponUrl: url,
          destinationAffiliateUrl: url,
          discountCode: coupon.code,
          upToSavingsPercent: '0.00',
          approved: true,
          sortNumber: index + 1,
          createdAt: new Date(Math.min(added, now.getTime() - MINUTE_MS)),
        };
      }),
    );
    return store;
  });
}
