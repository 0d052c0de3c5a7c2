import type { ScenarioInput } from './schema.js';

/**
 * The demo tenants' ids, fixed so that docs and examples can name them.
 *
 * @example
 * ```ts
 * const headers = { 'X-Tenant-Id': DEMO_TENANTS.sandbox };
 * ```
 */
export const DEMO_TENANTS = {
  sandbox: '11111111-1111-4111-8111-111111111111',
  live: '22222222-2222-4222-8222-222222222222',
} as const;

/**
 * The demo keys. They are test secrets, printed by the CLI at start.
 *
 * @example
 * ```ts
 * const headers = { 'X-API-Key': DEMO_KEYS.sandbox };
 * ```
 */
export const DEMO_KEYS = {
  /** Every permission on the sandbox tenant. */
  sandbox: 'cf_demo_sandbox_000000000000000000000000',
  /** Every permission on the live tenant. */
  live: 'cf_demo_live_000000000000000000000000000',
  /** An account key over both tenants. */
  partner: 'cfa_demo_partner_00000000000000000000000',
  /** Only the `users` permission on the sandbox tenant, to see `PERMISSION_DENIED`. */
  usersOnly: 'cf_demo_users_only_000000000000000000000',
  /** Revoked, to see `UNAUTHENTICATED`. */
  revoked: 'cf_demo_revoked_000000000000000000000000',
} as const;

/**
 * The demo plans' ids.
 *
 * @example
 * ```ts
 * const body = { planId: DEMO_PLANS.team, seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' };
 * ```
 */
export const DEMO_PLANS = {
  starter: '33333333-3333-4333-8333-000000000001',
  team: '33333333-3333-4333-8333-000000000002',
  enterprise: '33333333-3333-4333-8333-000000000003',
} as const;

/**
 * The built-in `demo` scenario: a sandbox tenant (Acme) and a live one (Globex), users with and
 * without extensions, contacts, SMS numbers and conversations, AI agents, files, faxes,
 * calendar events, a plan catalogue and keys.
 *
 * @example
 * ```ts
 * const mock = createMock(demoScenario);
 * await mock.fetch('http://mock/api/v1/users', { headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox } });
 * ```
 */
export const demoScenario = {
  rateLimit: { limit: 600, windowSeconds: 60 },
  plans: [
    {
      id: DEMO_PLANS.starter,
      name: 'Starter',
      currency: 'USD',
      seatPrice: 1500,
      didPrice: 300,
      annualDiscountPercent: 10,
    },
    { id: DEMO_PLANS.team, name: 'Team', currency: 'USD', seatPrice: 2500, didPrice: 500, annualDiscountPercent: 15 },
    {
      id: DEMO_PLANS.enterprise,
      name: 'Enterprise',
      currency: 'EUR',
      seatPrice: 4200,
      didPrice: 450,
      annualDiscountPercent: 20,
    },
  ],
  tenants: [
    {
      id: DEMO_TENANTS.sandbox,
      name: 'Acme',
      mode: 'sandbox',
      users: [
        {
          email: 'ann.lee@acme.test',
          firstName: 'Ann',
          lastName: 'Lee',
          extension: '1001',
          presence: { status: 'available', message: '' },
        },
        { email: 'bob.stone@acme.test', firstName: 'Bob', lastName: 'Stone', extension: '1002' },
        { email: 'carla.diaz@acme.test', firstName: 'Carla', lastName: 'Diaz', extension: '1003' },
        { email: 'dan.fox@acme.test', firstName: 'Dan', lastName: 'Fox' },
        {
          email: 'eve.moss@acme.test',
          firstName: 'Eve',
          lastName: 'Moss',
          capabilities: ['contacts.use', 'chat.use', 'calendar.use'],
        },
      ],
      contacts: [
        { firstName: 'Grace', lastName: 'Hopper', phoneMobile: '+14155550101' },
        { firstName: 'Alan', lastName: 'Turing', phoneMobile: '+442079460001' },
        { firstName: 'Ada', lastName: 'Lovelace', phoneMobile: '+442079460002' },
        { firstName: 'Linus', lastName: 'Torvalds' },
        { firstName: 'Margaret', lastName: 'Hamilton', phoneMobile: '+16175550123' },
        { firstName: 'Katherine', lastName: 'Johnson', phoneMobile: '+17575550188' },
        { firstName: 'Tim', lastName: 'Berners-Lee', phoneMobile: '+41225550199' },
        { firstName: 'Barbara', lastName: 'Liskov', phoneMobile: '+16175550142' },
      ],
      smsNumbers: [
        { number: '+14155550100', ownerEmail: 'ann.lee@acme.test', sharedWithEmails: ['bob.stone@acme.test'] },
        { number: '+14155550110', ownerEmail: 'carla.diaz@acme.test' },
        { number: '+14155550120' },
      ],
      smsConversations: [
        { smsNumber: '+14155550100', peerNumber: '+14155550101', peerName: 'Grace Hopper' },
        { smsNumber: '+14155550100', peerNumber: '+16175550123', peerName: 'Margaret Hamilton' },
        { smsNumber: '+14155550110', peerNumber: '+17575550188', peerName: 'Katherine Johnson' },
        { smsNumber: '+14155550120', peerNumber: '+16175550142', assigneeEmail: 'dan.fox@acme.test' },
      ],
      aiAgents: [
        { id: '44444444-4444-4444-8444-000000000001', name: 'Receptionist', description: 'Answers the main line.' },
        { id: '44444444-4444-4444-8444-000000000002', name: 'Sales Assistant', description: 'Qualifies leads.' },
      ],
      files: [
        { name: 'price-list.pdf', mimeType: 'application/pdf', size: 48213, ownerEmail: 'ann.lee@acme.test' },
        { name: 'logo.png', mimeType: 'image/png', size: 10240, ownerEmail: 'bob.stone@acme.test' },
        { name: 'contacts.csv', mimeType: 'text/csv', size: 2048, ownerEmail: 'ann.lee@acme.test' },
      ],
      faxes: [
        { type: 'inbox', from: '+14155550177', to: '+14155550100', pages: 3, status: 'received' },
        { type: 'sent', from: '+14155550100', to: '+14155550178', pages: 1, status: 'delivered' },
        { type: 'queue', from: '+14155550100', to: '+14155550179', pages: 2, status: 'queued' },
        { type: 'inbox', from: '+14155550180', to: '+14155550100', pages: 5, status: 'received' },
      ],
      calendarEvents: [
        {
          ownerEmail: 'ann.lee@acme.test',
          title: 'Pipeline review',
          startTime: '2026-11-23T09:00:00.000Z',
          endTime: '2026-11-23T09:30:00.000Z',
        },
        {
          ownerEmail: 'ann.lee@acme.test',
          title: 'Customer demo',
          startTime: '2026-11-24T15:00:00.000Z',
          endTime: '2026-11-24T16:00:00.000Z',
        },
      ],
    },
    {
      id: DEMO_TENANTS.live,
      name: 'Globex',
      mode: 'live',
      modules: ['contacts', 'voice', 'cdr', 'chat', 'sms', 'aiAgents', 'files', 'calendar', 'presence'],
      users: [
        { email: 'grace@globex.test', firstName: 'Grace', lastName: 'Kim', extension: '2001' },
        { email: 'henry@globex.test', firstName: 'Henry', lastName: 'Ford' },
      ],
      contacts: [
        { firstName: 'Hank', lastName: 'Scorpio', phoneMobile: '+15035550100' },
        { firstName: 'Frank', lastName: 'Grimes', phoneMobile: '+15035550101' },
      ],
      smsNumbers: [{ number: '+15035550000', ownerEmail: 'grace@globex.test' }],
      smsConversations: [
        { smsNumber: '+15035550000', peerNumber: '+15035550100', peerName: 'Hank Scorpio' },
        { smsNumber: '+15035550000', peerNumber: '+15005550009', peerName: 'Magic: carrier rejects' },
      ],
      aiAgents: [{ name: 'Support Bot' }],
    },
  ],
  apiKeys: [
    {
      key: DEMO_KEYS.sandbox,
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['*'],
      label: 'sandbox, all permissions',
    },
    { key: DEMO_KEYS.live, tenantIds: [DEMO_TENANTS.live], permissions: ['*'], label: 'live, all permissions' },
    {
      key: DEMO_KEYS.partner,
      tenantIds: [DEMO_TENANTS.sandbox, DEMO_TENANTS.live],
      permissions: ['*'],
      label: 'account key, both tenants',
    },
    {
      key: DEMO_KEYS.usersOnly,
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['users'],
      label: 'sandbox, users only',
    },
    {
      key: DEMO_KEYS.revoked,
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['*'],
      revoked: true,
      label: 'sandbox, to see UNAUTHENTICATED',
    },
  ],
} satisfies ScenarioInput;
