import { describe, expect, it } from 'vitest';
import { errorMessage, toNoticeItem } from './errors';

describe('error catalogue (SPEC section 8)', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [418, 'Generic Error'],
    [504, 'Generic Error'],
  ])('status %i reads %s', (status, text) => {
    const item = toNoticeItem({ status, data: null });
    expect(item.statusText).toBe(text);
    expect(item.message).toBe(text);
  });

  it("500 reads 'Server Error' for the calls that name it so", () => {
    expect(
      toNoticeItem({ status: 500, data: null }, { serverErrorText: 'Server Error' }).statusText,
    ).toBe('Server Error');
  });

  it("a cancelled request reads 'Request aborted'", () => {
    expect(
      toNoticeItem({ status: 'FETCH_ERROR', error: 'AbortError: signal is aborted without reason' })
        .statusText,
    ).toBe('Request aborted');
    expect(toNoticeItem({ name: 'AbortError', message: 'Aborted' }).statusText).toBe(
      'Request aborted',
    );
  });

  it("a network failure with no status reads 'Generic Error'", () => {
    expect(
      toNoticeItem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).statusText,
    ).toBe('Generic Error');
  });

  it('takes the message from the body', () => {
    const item = toNoticeItem({
      status: 409,
      data: { message: 'A user with this email already exists' },
    });
    expect(item.message).toBe('A user with this email already exists');
    expect(item.statusText).toBe('Conflict');
    expect(errorMessage({ status: 404, data: { message: 'No User Found' } })).toBe('No User Found');
  });

  it('400 goes to the notification list, everything else to the error list', () => {
    expect(toNoticeItem({ status: 400, data: {} }).list).toBe('notification');
    expect(toNoticeItem({ status: 404, data: {} }).list).toBe('error');
    expect(toNoticeItem({ status: 'FETCH_ERROR', error: 'x' }).list).toBe('error');
  });

  it('starts not displayed, with the url, the body and the timeless flag', () => {
    const item = toNoticeItem(
      { status: 400, data: { email: ['bad'] } },
      { url: '/api/v1/stores/', timeless: true },
    );
    expect(item).toMatchObject({
      displayed: false,
      url: '/api/v1/stores/',
      body: { email: ['bad'] },
      timeless: true,
      status: 400,
    });
  });

  it('reads the original status of an unparsable body', () => {
    expect(
      toNoticeItem({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })
        .statusText,
    ).toBe('Bad Gateway');
  });
});
