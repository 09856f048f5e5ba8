import { expect, it } from 'vitest';
import { MESSAGES, type LegacyAdvertiser, type LegacyMerchant } from '@cc/contract';
import { call, describeEachDatabase, register } from './helpers';
import { catalogueMerchant, expectEachUnauthorized, tag } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase(
  'legacy Advertiser calls and Merchant/Get: the merchant account, for its owner and staff',
  (ctx) => {
    const NOT_FOUND = { message: 'Not found.', detail: 'Not found.' };
    const get = (url: string, token: string) => call(ctx().app, 'GET', url, { token });
    const add = (token: string, body: Record<string, unknown>) =>
      call(ctx().app, 'POST', '/api/Advertiser/Add', { token, body });
    const edit = (token: string, body: Record<string, unknown>) =>
      call(ctx().app, 'PUT', '/api/Advertiser/Edit', { token, body });
    const userOf = async (token: string) =>
      (await get('/api/v1/auth/me/', token)).json<{ id: number; email: string }>();

    it("needs a token: 401 without one, for every Advertiser call and the owner's Merchant reads", async () => {
      await expectEachUnauthorized(ctx().app, [
        ['POST', '/api/Advertiser/Add'],
        ['PUT', '/api/Advertiser/Edit'],
        ['GET', '/api/Advertiser/Get'],
        ['GET', '/api/Advertiser/GetBySourceId?sourceId=1'],
        ['GET', '/api/Merchant/Get?merchantId=1'],
        ['GET', '/api/Merchant/GetByAdvertiser?advertiserId=1'],
      ]);
    });

    it("Advertiser/Get answers the caller's account and merchant, or an advertiserId's for staff; another merchant's is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff, { state: 'pending' });
      const mine = await get('/api/Advertiser/Get', owner.token);
      expect(mine.statusCode).toBe(200);
      const advertiser = mine.json<LegacyAdvertiser>();
      expect(advertiser).toMatchObject({
        AdvertiserId: owner.userId,
        FirstName: 'N/A',
        LastName: 'N/A',
        ClientId: 7,
        EmailVerified: true,
      });
      expect(advertiser.Merchant).toMatchObject({
        MerchantId: owner.store.id,
        Status: 'pending',
        IsLive: false,
        CouponCount: 1,
      });
      expect((await get(`/api/Advertiser/Get?advertiserId=${owner.userId}`, staff)).json()).toEqual(
        advertiser,
      );
      const other = await catalogueMerchant(app, staff);
      expect(
        (await get(`/api/Advertiser/Get?advertiserId=${owner.userId}`, other.token)).json(),
      ).toEqual(NOT_FOUND);
      expect((await get('/api/Advertiser/Get?advertiserId=2147483647', staff)).json()).toEqual(
        NOT_FOUND,
      );
    });

    it("Advertiser/GetBySourceId answers the advertiser of a merchant (sourceId is the MerchantId); another merchant's is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff);
      const url = `/api/Advertiser/GetBySourceId?sourceId=${owner.store.id}`;
      const expected = {
        AdvertiserId: owner.userId,
        Merchant: { MerchantId: owner.store.id, IsLive: true },
      };
      expect((await get(url, owner.token)).json<LegacyAdvertiser>()).toMatchObject(expected);
      expect((await get(url, staff)).json<LegacyAdvertiser>()).toMatchObject(expected);
      const other = await catalogueMerchant(app, staff);
      expect((await get(url, other.token)).json()).toEqual(NOT_FOUND);
      expect((await get('/api/Advertiser/GetBySourceId', staff)).json()).toEqual({
        sourceId: [MESSAGES.required],
      });
    });

    it("Advertiser/Add adds the advertiser's store, pending review, with the validation and messages of /api/v1", async () => {
      const { app } = ctx();
      const { token } = await register(app);
      const missing = await add(token, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        Name: [MESSAGES.required],
        WebsiteUrl: [MESSAGES.required],
        ContactEmail: [MESSAGES.required],
      });
      // The slug defaults to the name's, so a blank name leaves it blank too.
      expect(
        (await add(token, { Name: ' ', WebsiteUrl: 'not a url', ContactEmail: 'nope' })).json(),
      ).toEqual({
        Name: [MESSAGES.required],
        WebsiteUrl: [MESSAGES.invalidUrl],
        ContactEmail: [MESSAGES.invalidEmail],
        Slug: [MESSAGES.required],
      });
      const name = `Added Shop ${tag()}`;
      const added = await add(token, {
        Name: name,
        WebsiteUrl: 'added.example',
        ContactEmail: 'Owner@Added.example',
      });
      expect(added.statusCode).toBe(201);
      const merchant = added.json<LegacyAdvertiser>().Merchant;
      expect(merchant).toMatchObject({
        Name: name,
        WebsiteUrl: 'http://added.example',
        Status: 'pending',
        IsLive: false,
        CouponCount: 0,
      });
      expect(merchant?.Slug).toBe(`${name.toLowerCase().replace(/ /g, '-')}-voucher-codes`);
      const store = await get(`/api/v1/stores/${merchant?.MerchantId}/`, token);
      expect(store.json()).toMatchObject({
        name,
        contact_email: 'owner@added.example',
        is_approved: false,
        declined: false,
      });
      const again = await add(token, {
        Name: 'Second',
        WebsiteUrl: 'b.example',
        ContactEmail: 'b@b.example',
      });
      expect(again.json()).toEqual({ non_field_errors: [MESSAGES.storeExists] });
      const taken = await register(app);
      const sameSlug = await add(taken.token, {
        Name: name,
        WebsiteUrl: 'c.example',
        ContactEmail: 'c@c.example',
      });
      expect(sameSlug.json()).toEqual({ Slug: [MESSAGES.slugTaken] });
    });

    it('Advertiser/Add for another account is staff only: staff name it with AdvertiserId, a merchant gets 404', async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const { token } = await register(app);
      const account = await userOf(token);
      const other = await register(app);
      const body = {
        AdvertiserId: account.id,
        Name: `Staff Added ${tag()}`,
        WebsiteUrl: 'staff.example',
        ContactEmail: 's@staff.example',
      };
      expect((await add(other.token, body)).json()).toEqual(NOT_FOUND);
      const added = await add(staff, body);
      expect(added.statusCode).toBe(201);
      expect(added.json<LegacyAdvertiser>()).toMatchObject({
        AdvertiserId: account.id,
        Email: account.email,
        Merchant: { Name: body.Name },
      });
      expect(
        (await get('/api/v1/auth/me/', token)).json<{ store: { name: string } }>().store.name,
      ).toBe(body.Name);
    });

    it("Advertiser/Edit changes the names and the store; a declined store goes back to review; another's is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff, { state: 'declined' });
      expect((await edit(owner.token, { FirstName: 'Ada', WebsiteUrl: '' })).json()).toEqual({
        WebsiteUrl: [MESSAGES.required],
      });
      expect(
        (await get('/api/Advertiser/Get', owner.token)).json<LegacyAdvertiser>().FirstName,
      ).toBe('N/A');
      const edited = await edit(owner.token, {
        FirstName: ' Ada ',
        LastName: 'Lovelace',
        Name: 'Edited Name',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<LegacyAdvertiser>()).toMatchObject({
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Merchant: { Name: 'Edited Name', Status: 'pending' },
      });
      const other = await catalogueMerchant(app, staff);
      expect(
        (await edit(other.token, { AdvertiserId: owner.userId, Name: 'Hijacked' })).json(),
      ).toEqual(NOT_FOUND);
      const byStaff = await edit(staff, { AdvertiserId: owner.userId, Name: 'Staff Edit' });
      expect(byStaff.json<LegacyAdvertiser>().Merchant?.Name).toBe('Staff Edit');
      const { token } = await register(app);
      expect((await edit(token, { Name: 'No store yet' })).json()).toEqual(NOT_FOUND);
      expect(
        (await edit(token, { FirstName: 'Only names' })).json<LegacyAdvertiser>(),
      ).toMatchObject({ FirstName: 'Only names', Merchant: null });
    });

    it("Merchant/Get and GetByAdvertiser answer a merchant in any review state to its owner or staff; another merchant's is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff, { state: 'declined' });
      const byId = `/api/Merchant/Get?merchantId=${owner.store.id}`;
      const byAdvertiser = `/api/Merchant/GetByAdvertiser?advertiserId=${owner.userId}`;
      const own = (await get(byId, owner.token)).json<LegacyMerchant>();
      expect(own).toMatchObject({
        MerchantId: owner.store.id,
        Status: 'declined',
        DeclineReason: 'The logo is missing.',
        IsLive: false,
      });
      expect((await get(byAdvertiser, staff)).json()).toEqual(own);
      expect((await get(byAdvertiser, owner.token)).json()).toEqual(own);
      const other = await catalogueMerchant(app, staff);
      expect((await get(byId, other.token)).json()).toEqual(NOT_FOUND);
      expect((await get(byAdvertiser, other.token)).json()).toEqual(NOT_FOUND);
      expect((await get('/api/Merchant/Get?merchantId=2147483647', staff)).json()).toEqual(
        NOT_FOUND,
      );
      expect((await get('/api/Merchant/Get?merchantId=x', staff)).json()).toEqual({
        merchantId: ['A valid integer is required.'],
      });
    });
  },
);
