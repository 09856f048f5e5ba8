import { expect, it } from 'vitest';
import { MESSAGES, type BillingDetails, type Paginated, type Transaction } from '@cc/contract';
import { merchant, pathOf, subscribe } from './fakes/checkout-browser';
import { call, describeEachDatabase, register } from './helpers';

const UK_DETAILS = {
  billing_name: 'Acme Trading Ltd',
  address_line1: '1 High Street',
  address_line2: 'Unit 4',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'United Kingdom',
  vat_number: 'gb 123 4567 89',
};

describeEachDatabase('billing: the billing name, address and VAT number on receipts', (ctx) => {
  async function receiptOf(token: string) {
    const { app } = ctx();
    const orders = (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json<
      Paginated<Transaction>
    >();
    const receipt = await app.inject({
      method: 'GET',
      url: pathOf(orders.results[0]?.receipt_url ?? ''),
    });
    expect(receipt.statusCode).toBe(200);
    return receipt.body;
  }

  it('a UK merchant saves the details (the VAT number normalised) and every receipt shows them, also one paid before', async () => {
    const { app } = ctx();
    const m = await merchant(app);
    const token = await m.token();
    await subscribe(app, token);
    const before = await receiptOf(token);
    expect(before).not.toContain('Billed to');
    expect(before).not.toContain('VAT number');

    const empty = await call(app, 'GET', '/api/v1/billing-details/', { token });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      billing_name: '',
      address_line1: '',
      address_line2: '',
      city: '',
      postal_code: '',
      country: '',
      vat_number: '',
    });

    const saved = await call(app, 'PUT', '/api/v1/billing-details/', { token, body: UK_DETAILS });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: BillingDetails = { ...UK_DETAILS, vat_number: 'GB123456789' };
    expect(saved.json()).toEqual(expected);
    expect((await call(app, 'GET', '/api/v1/billing-details/', { token })).json()).toEqual(
      expected,
    );

    const receipt = await receiptOf(token);
    expect(receipt).toContain(
      '<dt>Billed to</dt><dd>Acme Trading Ltd<br/>1 High Street<br/>Unit 4<br/>Leeds<br/>LS1 1AA<br/>United Kingdom</dd>',
    );
    expect(receipt).toContain('<dt>VAT number</dt><dd>GB123456789</dd>');
  });

  it.each(['GB123456789012', 'GBGD001', 'GBHA500'])('accepts the UK VAT format %s', async (vat) => {
    const { app } = ctx();
    const token = await (await merchant(app)).token();
    const saved = await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      body: { vat_number: vat },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BillingDetails>().vat_number).toBe(vat);
  });

  it('answers a bad VAT number with a field error and keeps what was saved', async () => {
    const { app } = ctx();
    const token = await (await merchant(app)).token();
    await call(app, 'PUT', '/api/v1/billing-details/', { token, body: UK_DETAILS });
    for (const vat of ['GB12345678', 'DE123456789', 'GBGD500', 'GBHA499']) {
      const bad = await call(app, 'PUT', '/api/v1/billing-details/', {
        token,
        body: { ...UK_DETAILS, billing_name: 'Changed', vat_number: vat },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ vat_number: [MESSAGES.vatNumberInvalid] });
    }
    expect((await call(app, 'GET', '/api/v1/billing-details/', { token })).json()).toMatchObject({
      billing_name: 'Acme Trading Ltd',
      vat_number: 'GB123456789',
    });
    // Emptying the field removes the number; fields left out keep their value.
    const cleared = await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      body: { vat_number: '  ' },
    });
    expect(cleared.json()).toEqual({ ...UK_DETAILS, vat_number: '' });
  });

  it('ignores fields that are not its own, whatever their type', async () => {
    const { app } = ctx();
    const token = await (await merchant(app)).token();
    const odd = {
      city: ' Leeds ',
      extra: 9_223_372_036_854_776_000,
      other: -1.5e142,
      nested: { a: 1 },
    };
    const saved = await call(app, 'PUT', '/api/v1/billing-details/', { token, body: odd });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ city: 'Leeds' });
    expect(saved.json()).not.toHaveProperty('extra');
  });

  it('a US merchant has a billing name and address on the receipt but no VAT number', async () => {
    const { app } = ctx();
    const m = await merchant(app, 8);
    const token = await m.token();
    const refused = await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      headers: { 'x-site-key': '8' },
      body: UK_DETAILS,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ vat_number: [MESSAGES.vatNumberUkOnly] });
    const { vat_number: _vat, ...address } = UK_DETAILS;
    const saved = await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      headers: { 'x-site-key': '8' },
      body: address,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BillingDetails>().vat_number).toBe('');
  });

  it("is the owner's own: another merchant sees and changes only theirs; no token 401, no store 404", async () => {
    const { app } = ctx();
    const owner = await merchant(app);
    const ownerToken = await owner.token();
    await call(app, 'PUT', '/api/v1/billing-details/', { token: ownerToken, body: UK_DETAILS });
    const other = await merchant(app);
    const otherToken = await other.token();
    expect(
      (
        await call(app, 'GET', '/api/v1/billing-details/', { token: otherToken })
      ).json<BillingDetails>().billing_name,
    ).toBe('');
    await call(app, 'PUT', '/api/v1/billing-details/', {
      token: otherToken,
      body: { billing_name: 'Other Ltd' },
    });
    expect(
      (
        await call(app, 'GET', '/api/v1/billing-details/', { token: ownerToken })
      ).json<BillingDetails>().billing_name,
    ).toBe('Acme Trading Ltd');
    expect((await call(app, 'GET', '/api/v1/billing-details/')).statusCode).toBe(401);
    const { token: storeless } = await register(app);
    expect(
      (await call(app, 'GET', '/api/v1/billing-details/', { token: storeless })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(app, 'PUT', '/api/v1/billing-details/', {
          token: storeless,
          body: { billing_name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('escapes the details on the receipt page', async () => {
    const { app } = ctx();
    const token = await (await merchant(app)).token();
    await subscribe(app, token);
    await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      body: { billing_name: '<script>alert(1)</script>' },
    });
    const receipt = await receiptOf(token);
    expect(receipt).toContain('<dt>Billed to</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(receipt).not.toContain('<script>alert(1)');
  });
});
