/** API keys over HTTP: listed by hint, created (the secret shown once, with the id that revokes it), revoked. */
import { createApiKey, listApiKeys, revokeApiKey } from '../../runtime/access.js';
import type { ControlHandlers } from './reply.js';

/** The API key routes' handlers. */
export const ACCESS_HANDLERS: ControlHandlers<'apiKeys' | 'createApiKey' | 'revokeApiKey'> = {
  apiKeys: (runtime) => ({ data: { apiKeys: listApiKeys(runtime) } }),
  createApiKey: (runtime, { body }) => {
    const { rateLimit, prefix, ...rest } = body;
    const input = {
      ...rest,
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(prefix === undefined ? {} : { prefix }),
    };
    return { data: { apiKey: createApiKey(runtime, input, ['body']) } };
  },
  revokeApiKey: (runtime, { params }) => ({ data: { apiKey: revokeApiKey(runtime, params.id) } }),
};
