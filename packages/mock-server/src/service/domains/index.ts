import { aiHandlers } from './ai.js';
import { calendarHandlers } from './calendar.js';
import { cdrHandlers } from './cdr.js';
import { chatHandlers } from './chat.js';
import { contactsHandlers } from './contacts.js';
import { faxHandlers } from './fax.js';
import { filesHandlers } from './files.js';
import { presenceHandlers } from './presence.js';
import { pricingHandlers } from './pricing.js';
import { smsHandlers } from './sms.js';
import type { HandlerTable } from './types.js';
import { usersHandlers } from './users.js';
import { voiceHandlers } from './voice.js';

/** Every operation's handler. `satisfies` makes a missing or misspelt operation a type error. */
export const HANDLERS = {
  ...usersHandlers,
  ...contactsHandlers,
  ...voiceHandlers,
  ...cdrHandlers,
  ...chatHandlers,
  ...smsHandlers,
  ...aiHandlers,
  ...pricingHandlers,
  ...filesHandlers,
  ...calendarHandlers,
  ...presenceHandlers,
  ...faxHandlers,
} satisfies HandlerTable;
