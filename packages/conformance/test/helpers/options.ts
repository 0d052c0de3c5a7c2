import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import type { ConformanceOptions } from '../../src/index.js';
import { DEMO_USER } from './divergences.js';

/** Every option, for the demo scenario's sandbox tenant: every check can run. */
export function demoOptions(baseUrl: string): ConformanceOptions {
  return {
    baseUrl,
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    userEmail: DEMO_USER,
    userWithoutExtension: 'dan.fox@acme.test',
    otherTenantId: DEMO_TENANTS.live,
    otherApiKey: DEMO_KEYS.live,
    restrictedApiKey: DEMO_KEYS.usersOnly,
    sandbox: true,
  };
}
