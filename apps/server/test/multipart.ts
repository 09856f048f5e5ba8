/** A multipart/form-data body of text fields and an optional `file`, for `app.inject`; sent with `token` when given. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
  token?: string,
) {
  const boundary = '----cc-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return { payload: Buffer.concat(parts), headers };
}
