import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES, UPLOAD_FIT_CONTAIN, UploadResponse } from '@cc/contract';
import { ValidationFailed } from '../core/http/errors';
import { bearer, errorResponses } from '../core/http/route-schemas';

/**
 * Cloudinary-compatible logo upload for a signed-in merchant: multipart `file` + `upload_preset`, and optionally
 * `fit=contain` to have the logo fitted into 120x40 px.
 */
const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/image/upload',
    {
      config: { rateLimit: app.uploadRateLimit },
      // A signed-in merchant's bearer token, checked before a byte of the body is read: an
      // anonymous upload is refused without its multipart body ever being parsed. preParsing
      // (not onRequest) so the upload rate limit, an onRequest hook, counts anonymous calls too.
      preParsing: async (request, _reply, payload) => {
        await app.authenticate(request);
        return payload;
      },
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: UploadResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw ValidationFailed.field('file', MESSAGES.required);
      let preset = '';
      let fit: string | undefined;
      let data: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && data === undefined) data = await part.toBuffer();
            else await part.toBuffer();
          } else if (part.fieldname === 'upload_preset') {
            preset = String(part.value);
          } else if (part.fieldname === 'fit') {
            fit = String(part.value);
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw ValidationFailed.field('file', MESSAGES.fileTooLarge);
        }
        // Anything else the multipart parser refuses (no boundary, a cut-off or malformed part) is the sender's.
        throw ValidationFailed.field('file', MESSAGES.malformedUpload);
      }
      const errors: Record<string, string[]> = {};
      if (!data || data.length === 0) errors.file = [MESSAGES.required];
      if (!preset) errors.upload_preset = [MESSAGES.required];
      if (fit !== undefined && fit !== UPLOAD_FIT_CONTAIN) errors.fit = [MESSAGES.invalidChoice];
      if (!data || !preset || errors.fit) throw new ValidationFailed(errors);
      return app.uploads.storeLogo({
        data,
        preset,
        origin: `${request.protocol}://${request.host}`,
        fit: fit === UPLOAD_FIT_CONTAIN,
      });
    },
  );
};

export default uploadRoutes;
