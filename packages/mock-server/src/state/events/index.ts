export { EventLog, type EventListener } from './event-log.js';
