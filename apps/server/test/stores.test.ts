import sharp from 'sharp';
import { expect, it } from 'vitest';
import { UK_CLIENT } from '@cc/config';
import { MESSAGES, type Store, type User } from '@cc/contract';
import { storesRepository } from '../src/stores/repository';
import { call, describeEachDatabase, merchantWithStore, register, storeBody } from './helpers';

describeEachDatabase('stores', (ctx) => {
  it('creates a pending store: not approved, not declined, url is the public page on the brand origin', async () => {
    const { token } = await register(ctx().app);
    const body = storeBody('Joes Shoes');
    const response = await call(ctx().app, 'POST', '/api/v1/stores/', { token, body });
    expect(response.statusCode).toBe(201);
    const store = response.json<Store>();
    expect(store).toMatchObject({
      name: 'Joes Shoes',
      slug: body.slug,
      client: 7,
      website_url: 'http://example.com',
      contact_email: 'ada@example.com',
      is_approved: false,
      declined: false,
      decline_reason: '',
      location: 'uk',
      primary_category: 1536,
      url: `http://localhost:4007/stores/${body.slug}`,
      stripe_subscription: null,
    });
    const me = (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
    expect(me.store?.id).toBe(store.id);
  });

  it('requires name, url and a valid email; first and last name are optional', async () => {
    const { token } = await register(ctx().app);
    const empty = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: {
        ...storeBody(),
        name: '',
        website_url: '',
        contact_email: '',
        contact_first_name: '',
        contact_last_name: '',
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      name: [MESSAGES.required],
      website_url: [MESSAGES.required],
      contact_email: [MESSAGES.required],
    });
    const badEmail = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: { ...storeBody(), contact_email: 'nope' },
    });
    expect(badEmail.json()).toEqual({ contact_email: [MESSAGES.invalidEmail] });
    const missing = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: { name: 'x' },
    });
    expect(missing.json()).toMatchObject({
      slug: [MESSAGES.required],
      client: [MESSAGES.required],
    });
  });

  it('keeps slugs unique and one store per merchant', async () => {
    const first = await register(ctx().app);
    const body = storeBody();
    expect(
      (await call(ctx().app, 'POST', '/api/v1/stores/', { token: first.token, body })).statusCode,
    ).toBe(201);
    const again = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token: first.token,
      body: storeBody(),
    });
    expect(again.json()).toEqual({ non_field_errors: [MESSAGES.storeExists] });
    const second = await register(ctx().app);
    const taken = await call(ctx().app, 'POST', '/api/v1/stores/', { token: second.token, body });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: [MESSAGES.slugTaken] });
  });

  it('refuses a client other than the request site', async () => {
    const { token } = await register(ctx().app);
    const response = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: { ...storeBody(), client: 8 },
    });
    expect(response.json()).toEqual({ client: [MESSAGES.invalidChoice] });
  });

  it('reads the own store by id and updates it by slug with ?id&client', async () => {
    const { token } = await register(ctx().app);
    const store = (
      await call(ctx().app, 'POST', '/api/v1/stores/', { token, body: storeBody() })
    ).json<Store>();
    const read = await call(ctx().app, 'GET', `/api/v1/stores/${store.id}/`, { token });
    expect(read.json<Store>()).toEqual(store);
    const updated = await call(
      ctx().app,
      'PUT',
      `/api/v1/stores/${store.slug}?id=${store.id}&client=7`,
      {
        token,
        body: {
          contact_first_name: 'Grace',
          contact_email: 'grace@example.com',
          logo_url: 'https://img.example.com/l.png',
          website_url: 'shop.example.org',
        },
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Store>()).toMatchObject({
      contact_first_name: 'Grace',
      contact_email: 'grace@example.com',
      logo_url: 'https://img.example.com/l.png',
      website_url: 'http://shop.example.org',
      name: store.name,
    });
    const invalid = await call(ctx().app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { contact_email: 'x' },
    });
    expect(invalid.json()).toEqual({ contact_email: [MESSAGES.invalidEmail] });
  });

  it("answers 404 on another merchant's store, for reading and for writing, though that merchant has a store of their own", async () => {
    const owner = await merchantWithStore(ctx().app);
    const other = await merchantWithStore(ctx().app);
    const read = (token: string, id: number) =>
      call(ctx().app, 'GET', `/api/v1/stores/${id}/`, { token });
    expect((await read(other.token, owner.store.id)).statusCode).toBe(404);
    for (const method of ['PUT', 'PATCH'] as const) {
      const write = await call(ctx().app, method, `/api/v1/stores/${owner.store.slug}`, {
        token: other.token,
        body: { name: 'Mine' },
      });
      expect(write.statusCode).toBe(404);
      expect(write.json()).toEqual({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
    }
    const wrongId = await call(
      ctx().app,
      'PUT',
      `/api/v1/stores/${owner.store.slug}?id=${other.store.id}`,
      {
        token: owner.token,
        body: { name: 'Mine' },
      },
    );
    expect(wrongId.statusCode).toBe(404);
    // Neither store changed: not the one addressed, not the caller's own.
    expect((await read(owner.token, owner.store.id)).json<Store>()).toEqual(owner.store);
    expect((await read(other.token, other.store.id)).json<Store>()).toEqual(other.store);
    expect(
      (await call(ctx().app, 'GET', '/api/v1/stores/not-a-number/', { token: owner.token }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps a store's slug when an update names another store's: the slug is not an editable field", async () => {
    const owner = await merchantWithStore(ctx().app);
    const other = await merchantWithStore(ctx().app);
    const updated = await call(ctx().app, 'PUT', `/api/v1/stores/${other.store.slug}/`, {
      token: other.token,
      body: { slug: owner.store.slug, name: 'Renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Store>()).toMatchObject({
      slug: other.store.slug,
      name: 'Renamed',
      url: other.store.url,
    });
    expect(
      (
        await call(ctx().app, 'GET', `/api/v1/stores/${owner.store.id}/`, { token: owner.token })
      ).json<Store>(),
    ).toEqual(owner.store);
  });

  it('answers 401 to every store call without a token', async () => {
    expect(
      (await call(ctx().app, 'POST', '/api/v1/stores/', { body: storeBody() })).statusCode,
    ).toBe(401);
    expect((await call(ctx().app, 'GET', '/api/v1/stores/1/')).statusCode).toBe(401);
    expect((await call(ctx().app, 'PUT', '/api/v1/stores/x', { body: {} })).statusCode).toBe(401);
  });
});

describeEachDatabase('store logos that point at uploads on this server', (ctx) => {
  const HOUR = 60 * 60 * 1000;
  const uploadLogo = async () => {
    const data = await sharp({
      create: { width: 120, height: 40, channels: 3, background: '#5b2a86' },
    })
      .png()
      .toBuffer();
    return ctx().app.uploads.storeLogo({
      data,
      preset: UK_CLIENT.uploadPreset,
      origin: 'http://localhost:4000',
    });
  };
  const missing = 'http://localhost:4007/media/logos/0123456789abcdef01234567.png';
  const create = (token: string, body: ReturnType<typeof storeBody>) =>
    call(ctx().app, 'POST', '/api/v1/stores/', { token, body });
  const read = async (token: string, id: number) =>
    (await call(ctx().app, 'GET', `/api/v1/stores/${id}/`, { token })).json<Store>();

  it('refuses to create a store whose logo upload was already deleted, and saves nothing', async () => {
    const swept = await uploadLogo();
    ctx().clock.advance(24 * HOUR + 1);
    expect(await ctx().app.uploadSweep.run()).toContain(swept.public_id);
    const { token } = await register(ctx().app);
    const body = { ...storeBody(), logo_url: swept.secure_url };
    const refused = await create(token, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ logo_url: [MESSAGES.logoUnavailable] });
    expect(
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<User>().store,
    ).toBeNull();
    const retried = await create(token, { ...body, logo_url: '' });
    expect(retried.statusCode).toBe(201);
    expect(retried.json<Store>()).toMatchObject({ slug: body.slug, logo_url: '' });
  });

  it('refuses to update a store with a logo upload that does not exist, and leaves the store unchanged', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    const refused = await call(
      ctx().app,
      'PUT',
      `/api/v1/stores/${store.slug}?id=${store.id}&client=7`,
      {
        token,
        body: { name: 'Renamed', logo_url: missing },
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ logo_url: [MESSAGES.logoUnavailable] });
    expect(await read(token, store.id)).toEqual(store);
  });

  it('keeps a declined store declined when its update names a missing logo upload', async () => {
    const { token, store } = await merchantWithStore(ctx().app);
    await storesRepository(ctx().database.db).update(store.id, {
      declined: true,
      declineReason: 'Blurry logo',
    });
    const refused = await call(ctx().app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { logo_url: missing },
    });
    expect(refused.json()).toEqual({ logo_url: [MESSAGES.logoUnavailable] });
    expect(await read(token, store.id)).toMatchObject({
      declined: true,
      decline_reason: 'Blurry logo',
      logo_url: '',
    });
  });

  it('saves a logo upload that exists, on whichever host the URL names, when creating and updating', async () => {
    const first = await uploadLogo();
    const { token } = await register(ctx().app);
    const created = await create(token, { ...storeBody(), logo_url: first.url });
    expect(created.statusCode).toBe(201);
    const store = created.json<Store>();
    expect(store.logo_url).toBe(first.url);
    const second = await uploadLogo();
    const onBrandPort = `http://localhost:4007${new URL(second.url).pathname}`;
    const updated = await call(ctx().app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { logo_url: onBrandPort },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Store>().logo_url).toBe(onBrandPort);
  });

  it('saves external logo URLs and an empty logo as before', async () => {
    const { token } = await register(ctx().app);
    const external = 'https://cdn.example.com/logos/0123456789abcdef01234567.png';
    const created = await create(token, { ...storeBody(), logo_url: external });
    expect(created.statusCode).toBe(201);
    const store = created.json<Store>();
    expect(store.logo_url).toBe(external);
    const cleared = await call(ctx().app, 'PUT', `/api/v1/stores/${store.slug}/`, {
      token,
      body: { logo_url: '' },
    });
    expect(cleared.json<Store>().logo_url).toBe('');
  });
});
