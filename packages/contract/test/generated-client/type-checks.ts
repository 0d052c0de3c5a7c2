/**
 * What the document lets a generated client reject at compile time. Compiled (`tsc -p`), never
 * run: each `@ts-expect-error` must meet an error, or the compile fails.
 */
import type createClient from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

type Client = ReturnType<typeof createClient<paths>>;
type ErrorOf<R> = R extends { error?: infer E } ? NonNullable<E> : never;

export async function typeChecks(client: Client, tenant: { 'X-Tenant-Id': string }) {
  const user = { ...tenant, 'X-User-Email': 'ann.lee@acme.test' };
  const dial = await client.POST('/api/v1/click2dial', { params: { header: user }, body: { destination: '1002' } });
  type DialError = ErrorOf<typeof dial>;
  const known: DialError['error']['code'] = 'NO_EXTENSION';
  // @ts-expect-error a misspelt code is no code this operation answers with
  const typo: DialError['error']['code'] = 'NO_EXTENSON';
  // @ts-expect-error click-to-dial never answers INVALID_CURSOR: it takes no cursor
  const foreign: DialError['error']['code'] = 'INVALID_CURSOR';

  let details: string[] = [];
  let retryAfter = 0;
  if (dial.error) {
    const error = dial.error.error;
    // `details` is typed per code: the issues of a VALIDATION_ERROR, the wait of RATE_LIMITED.
    if (error.code === 'VALIDATION_ERROR') details = error.details.map((issue) => issue.path.join('.'));
    if (error.code === 'RATE_LIMITED') retryAfter = error.details.retryAfterSeconds;
    // @ts-expect-error the comparison has no overlap: the code is misspelt
    if (error.code === 'NO_EXTENSON') details = [];
  }

  await client.POST('/api/v1/pricing/quote', {
    params: { header: tenant },
    // @ts-expect-error seatCount is an integer, not a string
    body: { planId: 'x', seatCount: '10', didCount: 0, billingTerm: 'MONTHLY' },
  });
  await client.POST('/api/v1/pricing/quote', {
    params: { header: tenant },
    // @ts-expect-error billingTerm is a closed request enum
    body: { planId: 'x', seatCount: 1, didCount: 0, billingTerm: 'WEEKLY' },
  });
  // @ts-expect-error presence status is a closed request enum
  await client.PUT('/api/v1/presence', { params: { header: user }, body: { status: 'lunch', message: '' } });
  // @ts-expect-error X-User-Email is required on a user-scoped operation
  await client.POST('/api/v1/contacts', { params: { header: tenant }, body: { firstName: 'Ann' } });

  // Response enums are open: a value added by the service type-checks, the known ones too.
  const fax: components['schemas']['Fax'] = {
    id: 'x',
    type: 'archive',
    from: '+1',
    to: '+1',
    pages: 1,
    status: 'shredded',
    createdAt: '',
  };
  const status: components['schemas']['FaxStatus'] = 'delivered';

  // The document route is typed: its members are not `never`.
  const doc = await client.GET('/api/v1/openapi.json');
  const version: string | undefined = doc.data?.info.version;
  const operations = Object.keys(doc.data?.paths ?? {});

  return { known, typo, foreign, details, retryAfter, fax, status, version, operations };
}
