import type { AiResponder } from './ai-responder.js';
import type { CarrierAdapter, RecordingCarrier } from './carrier.js';
import type { MockClock } from './clock.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

/**
 * The simulated outside: the machinery that acts on the world's state and holds none of it
 * but what drives it (the clock's timeline, retry timers, attempts in flight). Replacing the
 * state (a restore) leaves it in place.
 */
export interface Sim {
  /** The clock driver: frozen or following the wall, advanced by tests. */
  readonly clock: MockClock;
  /** The default carrier: it writes what it sees into the state's carrier record. */
  readonly recordingCarrier: RecordingCarrier;
  /** Where live tenants' SMS go. Default: the recording carrier. */
  carrier: CarrierAdapter;
  /** Answers the AI agents' chats. */
  aiResponder: AiResponder;
  /** Delivers events to webhook subscriptions: transport, retry timers, attempts in flight. */
  readonly webhooks: WebhookDispatcher;
}
