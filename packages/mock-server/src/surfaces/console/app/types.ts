/**
 * The shapes the control surface answers with: imported from the server's own modules as types
 * only (erased from the bundle), never written twice.
 */
export type {
  JournalSummary as JournalEntry,
  JournalEntry as JournalDetail,
  JournalMessage,
} from '../../../state/journal.js';
export type { RecordResource } from '../../../runtime/records-browse.js';
export type { ApiKeyView as ApiKey } from '../../../state/keys.js';
export type { CallView, CarrierState } from '../../../runtime/telephony.js';
export type { WebhookDelivery as Delivery } from '../../../state/webhooks/delivery-types.js';
export type { WebhookSubscriptionView as Subscription } from '../../../state/webhooks/subscription-types.js';
export type { WebhookMessage } from '../../../runtime/webhooks.js';
export type { Catalogue, TenantView as Tenant } from '../../../serve/control/console-routes.js';
export type { WebhookEvent as MockEvent } from '@commflow/contract';
