import { expect, it } from 'vitest';
import { MESSAGES, type LegacyContact } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { catalogueMerchant, expectEachUnauthorized } from './legacy-fixtures';
import { staffToken } from './review-fixtures';

describeEachDatabase(
  "legacy Contact calls: the store's contact information, for its owner and staff",
  (ctx) => {
    const NOT_FOUND = { message: 'Not found.', detail: 'Not found.' };
    const get = (url: string, token: string) => call(ctx().app, 'GET', url, { token });
    const add = (token: string, body: Record<string, unknown>) =>
      call(ctx().app, 'POST', '/api/Contact/Add', { token, body });
    const edit = (token: string, body: Record<string, unknown>) =>
      call(ctx().app, 'PUT', '/api/Contact/Edit', { token, body });

    it('needs a token: 401 without one, for every Contact call', async () => {
      await expectEachUnauthorized(ctx().app, [
        ['POST', '/api/Contact/Add'],
        ['PUT', '/api/Contact/Edit'],
        ['GET', '/api/Contact/Get?contactId=1'],
        ['GET', '/api/Contact/GetList?merchantId=1'],
      ]);
    });

    it("Contact/Get and GetList answer the merchant's contact (ContactId is the MerchantId) to its owner or staff; another's is 404", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff);
      const id = owner.store.id;
      const contact: LegacyContact = {
        ContactId: id,
        MerchantId: id,
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Email: 'ada@example.com',
      };
      expect((await get(`/api/Contact/Get?contactId=${id}`, owner.token)).json()).toEqual(contact);
      expect((await get(`/api/Contact/GetList?merchantId=${id}`, owner.token)).json()).toEqual([
        contact,
      ]);
      expect((await get(`/api/Contact/GetList?merchantId=${id}`, staff)).json()).toEqual([contact]);
      const other = await catalogueMerchant(app, staff);
      expect((await get(`/api/Contact/Get?contactId=${id}`, other.token)).json()).toEqual(
        NOT_FOUND,
      );
      expect((await get(`/api/Contact/GetList?merchantId=${id}`, other.token)).json()).toEqual(
        NOT_FOUND,
      );
      expect((await get('/api/Contact/Get', owner.token)).json()).toEqual({
        contactId: [MESSAGES.required],
      });
    });

    it("Contact/Add sets the contact and Edit changes the fields sent, with the store form's rules: email required and valid", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff);
      const id = owner.store.id;
      expect((await add(owner.token, { MerchantId: id })).json()).toEqual({
        Email: [MESSAGES.required],
      });
      expect((await add(owner.token, { MerchantId: id, Email: 'not-an-email' })).json()).toEqual({
        Email: [MESSAGES.invalidEmail],
      });
      const added = await add(owner.token, {
        MerchantId: id,
        FirstName: 'Grace',
        Email: 'Grace@Example.com',
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual({
        ContactId: id,
        MerchantId: id,
        FirstName: 'Grace',
        LastName: '',
        Email: 'grace@example.com',
      });

      expect((await edit(owner.token, { ContactId: id, Email: ' ' })).json()).toEqual({
        Email: [MESSAGES.required],
      });
      const edited = await edit(owner.token, { ContactId: id, LastName: 'Hopper' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual({
        ContactId: id,
        MerchantId: id,
        FirstName: 'Grace',
        LastName: 'Hopper',
        Email: 'grace@example.com',
      });
      // The merchant's store form shows the same contact.
      const store = await get(`/api/v1/stores/${id}/`, owner.token);
      expect(store.json()).toMatchObject({
        contact_first_name: 'Grace',
        contact_last_name: 'Hopper',
        contact_email: 'grace@example.com',
      });
    });

    it("Contact/Add and Edit on another merchant's store are 404 and change nothing; staff may edit any", async () => {
      const { app } = ctx();
      const staff = await staffToken(app);
      const owner = await catalogueMerchant(app, staff);
      const other = await catalogueMerchant(app, staff);
      const id = owner.store.id;
      expect((await add(other.token, { MerchantId: id, Email: 'x@x.example' })).json()).toEqual(
        NOT_FOUND,
      );
      expect((await edit(other.token, { ContactId: id, Email: 'x@x.example' })).json()).toEqual(
        NOT_FOUND,
      );
      expect(
        (await get(`/api/Contact/Get?contactId=${id}`, owner.token)).json<LegacyContact>().Email,
      ).toBe('ada@example.com');
      expect(
        (await edit(staff, { ContactId: id, Email: 'staff@fixed.example' })).json<LegacyContact>()
          .Email,
      ).toBe('staff@fixed.example');
      expect((await edit(staff, { ContactId: 2147483647 })).json()).toEqual(NOT_FOUND);
    });
  },
);
