import type { CallDisposition, FaxStatus, FaxType, PresenceStatus, SmsStatus } from '@commflow/contract';
import type * as z from 'zod/mini';
import { describe, expectTypeOf, it } from 'vitest';
import { CommFlow } from '../src/index.js';

type Item<P> = P extends PromiseLike<(infer T)[]> ? T : never;
/** An open enum as the SDK types it: the known values, still suggested, and any other string. */
type Open<T extends string> = T | (string & {});

describe('response enums the spec does not pin down are open; request enums stay closed', () => {
  const client = new CommFlow({ apiKey: 'cf_x', tenantId: 'x' });
  const ann = client.withUser('ann.lee@acme.test');

  it('types a value the service may add as a string, keeping the known literals', async () => {
    type Fax = Item<ReturnType<ReturnType<typeof client.fax.list>['toArray']>>;
    expectTypeOf<Fax['status']>().toEqualTypeOf<Open<FaxStatus>>();
    expectTypeOf<Fax['type']>().toEqualTypeOf<Open<FaxType>>();
    type Cdr = Item<ReturnType<ReturnType<typeof client.cdr.list>['toArray']>>;
    expectTypeOf<Cdr['disposition']>().toEqualTypeOf<Open<z.infer<typeof CallDisposition>>>();
    expectTypeOf<Cdr['direction']>().toEqualTypeOf<Open<'outbound' | 'inbound'>>();
    const message = await ann.sms.send('x', { body: 'x' });
    expectTypeOf(message.status).toEqualTypeOf<Open<SmsStatus>>();
    expectTypeOf(message.direction).toEqualTypeOf<Open<'outbound' | 'inbound'>>();
    const [presence] = await client.presence.list();
    expectTypeOf(presence!.status).toEqualTypeOf<Open<PresenceStatus>>();
    const quote = await client.pricing.quote({ planId: 'x', seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' });
    expectTypeOf(quote.lineItems[0]!.kind).toEqualTypeOf<Open<'seat' | 'did'>>();
  });

  it('still rejects an unknown value in a request', () => {
    // @ts-expect-error: presence status is a closed request enum
    void ann.presence.update({ status: 'lunch', message: '' });
    // @ts-expect-error: the fax type filter is a closed request enum
    void client.fax.list({ type: 'archive' });
  });
});
