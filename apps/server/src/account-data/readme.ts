/** README.txt of the account export: what each file holds. */
export function exportReadme(params: {
  brand: string;
  exportedAt: string;
  invoices: boolean;
}): string {
  const lines = [
    `Your ${params.brand} account data, exported ${params.exportedAt} (UTC).`,
    '',
    'account.json     Your account: id, sign-in email, whether it is verified, your names, when it was created and the site.',
    'store.json       Your store as My Store shows it: its details, review state, public page address and subscription,',
    '                 with your billing details and your choice of optional mails. null when you have no store.',
    'coupons.json     Your coupons as the coupon list shows them (every field), in your order.',
    'coupons.csv      The same coupons as a spreadsheet.',
    'insights.json    The daily figures behind Insights: per coupon and UTC day, the store page views, code reveals and',
    '                 clicks, and the answers to "Did this code work?" (yes and no). Days with no activity are left out.',
    'insights.csv     The same figures as a spreadsheet.',
    'orders.json      Your Order History: every payment with its date, amount, currency and receipt.',
    'orders.csv       The same orders as a spreadsheet (the Order History download).',
  ];
  if (params.invoices)
    lines.push(
      'invoices/        Each invoice issued to you, as a PDF named by its invoice number.',
    );
  lines.push(
    'sessions.json    The devices signed in to your account: browser, system, when each signed in and was last used.',
    '',
    'Times are ISO 8601 in UTC; amounts in the JSON files are in minor units (1999 is 19.99), in the CSV files decimals.',
    'Spreadsheet files are UTF-8 with a byte order mark; a cell starting with = + - or @ begins with an apostrophe.',
    '',
  );
  return lines.join('\r\n');
}
