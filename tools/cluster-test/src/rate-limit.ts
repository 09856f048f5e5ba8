import { request } from 'node:http';

/**
 * Posts an empty upload form from a loopback address of its own choosing, so the proxy (and
 * through X-Forwarded-For each instance) sees a client no other part of the test is; the
 * upload limit is counted before the caller is (an anonymous upload is 401), so every answer
 * is 401 or 429.
 */
export function postUploadFrom(localAddress: string, port: number): Promise<number> {
  const boundary = 'cluster-boundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\nnone\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/v1/uploads/image/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(body),
        },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
