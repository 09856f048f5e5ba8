import sharp from 'sharp';
import { expect, it } from 'vitest';
import { LOGO_MAX_BYTES, UK_CLIENT } from '@cc/config';
import { MESSAGES, type UploadResponse } from '@cc/contract';
import { describeEachDatabase } from './helpers';

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----cc-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
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
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const logo = (format: 'png' | 'jpeg' | 'webp', width = 120, height = 40) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#5b2a86' } }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-metadata' } },
  });
  return image[format]().toBuffer();
};

describeEachDatabase('logo uploads', (ctx) => {
  const upload = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) =>
    ctx().app.inject({ method: 'POST', url: '/api/v1/uploads/image/upload', ...multipart(fields, file) });

  it('accepts PNG, JPEG and WebP, re-encodes them and answers like Cloudinary', async () => {
    for (const [format, ext] of [['png', 'png'], ['jpeg', 'jpg'], ['webp', 'webp']] as const) {
      const response = await upload({ upload_preset: UK_CLIENT.uploadPreset }, { name: `logo.${ext}`, type: 'image/png', data: await logo(format) });
      expect(response.statusCode).toBe(200);
      const body = response.json<UploadResponse>();
      expect(body).toMatchObject({ width: 120, height: 40, format: ext });
      expect(body.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/media/logos/[a-f0-9]{24}\\.${ext}$`));
      expect(body.secure_url).toBeTruthy();

      const served = await ctx().app.inject({ method: 'GET', url: new URL(body.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
      expect(served.rawPayload.length).toBe(body.bytes);
      expect(served.rawPayload.includes(Buffer.from('secret-metadata'))).toBe(false);
    }
  });

  it('reports the real size and leaves the 120x40 check to the client', async () => {
    const response = await upload({ upload_preset: UK_CLIENT.uploadPreset }, { name: 'big.png', type: 'image/png', data: await logo('png', 300, 100) });
    expect(response.json<UploadResponse>()).toMatchObject({ width: 300, height: 100 });
  });

  it('refuses SVG and anything whose bytes are not PNG, JPEG or WebP, whatever its name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script></svg>');
    const response = await upload({ upload_preset: UK_CLIENT.uploadPreset }, { name: 'logo.png', type: 'image/png', data: svg });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [MESSAGES.unsupportedImage] });
    const truncated = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50)]);
    const broken = await upload({ upload_preset: UK_CLIENT.uploadPreset }, { name: 'x.png', type: 'image/png', data: truncated });
    expect(broken.json()).toEqual({ file: [MESSAGES.unsupportedImage] });
  });

  it('refuses a file over the size limit', async () => {
    const data = Buffer.concat([await logo('png'), Buffer.alloc(LOGO_MAX_BYTES)]);
    const response = await upload({ upload_preset: UK_CLIENT.uploadPreset }, { name: 'huge.png', type: 'image/png', data });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [MESSAGES.fileTooLarge] });
  });

  it('requires the file and a known upload preset', async () => {
    const none = await upload({});
    expect(none.json()).toEqual({ file: [MESSAGES.required], upload_preset: [MESSAGES.required] });
    const unknown = await upload({ upload_preset: 'someone-else' }, { name: 'l.png', type: 'image/png', data: await logo('png') });
    expect(unknown.json()).toEqual({ upload_preset: [MESSAGES.invalidChoice] });
    const json = await ctx().app.inject({ method: 'POST', url: '/api/v1/uploads/image/upload', payload: { file: 'x' } });
    expect(json.json()).toEqual({ file: [MESSAGES.required] });
  });

  it('answers 404 for media that does not exist', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/media/logos/000000000000000000000000.png' })).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode).toBe(404);
  });
});
