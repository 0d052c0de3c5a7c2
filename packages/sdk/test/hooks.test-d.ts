import type { OperationId } from '@commflow/contract';
import { describe, expectTypeOf, it } from 'vitest';
import {
  CommFlow,
  type ClientOptions,
  type CommFlowError,
  type HookError,
  type HookName,
  type Hooks,
  type RequestOptions,
} from '../src/index.js';
import { openTelemetry } from '../src/otel.js';

describe('hook types', () => {
  it('each hook gets its own context, typed', () => {
    const hooks: Hooks = {
      beforeRequest: (ctx) => {
        expectTypeOf(ctx.operationId).toEqualTypeOf<OperationId>();
        expectTypeOf(ctx.attempt).toEqualTypeOf<number>();
        expectTypeOf(ctx.headers).toEqualTypeOf<Headers>();
        expectTypeOf(ctx).not.toHaveProperty('response');
      },
      afterResponse: (ctx) => expectTypeOf(ctx.response).toEqualTypeOf<Response>(),
      onRetry: (ctx) => {
        expectTypeOf(ctx.error).toEqualTypeOf<CommFlowError>();
        expectTypeOf(ctx.delayMs).toEqualTypeOf<number>();
      },
      onError: (ctx) => expectTypeOf(ctx.error).toEqualTypeOf<CommFlowError>(),
      onWait: async (ctx) => {
        expectTypeOf(ctx.reason).toEqualTypeOf<'retry-after' | 'backoff' | 'rate-limit'>();
        await Promise.resolve(ctx.segmentMs);
      },
    };
    expectTypeOf(hooks).toExtend<NonNullable<ClientOptions['hooks']>>();
  });

  it('a set, an array of sets and openTelemetry() fit the client and a call', () => {
    expectTypeOf([openTelemetry(), {}]).toExtend<NonNullable<ClientOptions['hooks']>>();
    expectTypeOf({ hooks: openTelemetry() }).toExtend<RequestOptions>();
    const client = (options: ClientOptions) => new CommFlow(options);
    // @ts-expect-error -- a hook is a function
    client({ hooks: { beforeRequest: 'yes' } });
    // @ts-expect-error -- no such hook
    client({ hooks: { beforeSend: () => undefined } });
    // @ts-expect-error -- 'auto' or 'off'
    client({ rateLimit: 'on' });
  });

  it('HookName names every hook and nothing else, as HookError.hook reports it', () => {
    expectTypeOf<HookName>().toEqualTypeOf<keyof Hooks>();
    expectTypeOf<HookError['hook']>().toEqualTypeOf<keyof Hooks>();
  });
});
