import { HEADERS } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import type { Step } from './context.js';

const unauthenticated = (message: string) => new ApiError('UNAUTHENTICATED', message);

/**
 * Finds the API key, from `X-API-Key` or `Authorization: Bearer`. Both present and different:
 * 401. Missing, malformed, unknown or revoked: 401.
 */
export const authenticate: Step = (context) => {
  const headers = context.request.headers;
  const apiKey = headers.get(HEADERS.apiKey);
  const authorization = headers.get(HEADERS.authorization);
  let bearer: string | null = null;
  if (authorization !== null) {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (match === null) throw unauthenticated('The Authorization header must be "Bearer <API key>".');
    bearer = match[1] ?? null;
  }
  if (apiKey !== null && bearer !== null && apiKey !== bearer) {
    throw unauthenticated('X-API-Key and the Bearer token name different keys.');
  }
  const secret = apiKey ?? bearer;
  if (secret === null || secret === '') throw unauthenticated('An API key is required (X-API-Key or Bearer).');
  const key = context.world.state.keys.find(secret);
  if (key === undefined) throw unauthenticated('The API key is malformed or unknown.');
  if (key.revoked) throw unauthenticated('The API key has been revoked.');
  context.key = key;
};
