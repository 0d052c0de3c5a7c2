/** What each tag (the first segment of an operation id) groups, for readers of the document. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  users: 'Users of the tenant, searchable by name, email or extension.',
  contacts: 'CRM contacts.',
  voice: 'Click-to-dial calls: the acting user’s extension rings, then the destination is bridged.',
  cdr: 'Call detail records, written when a call ends.',
  chat: 'Internal team chat: direct conversations and their messages.',
  sms: 'SMS conversations the acting user can access, and sending in them.',
  ai: 'AI agents and test chats with them.',
  pricing: 'Subscription price quotes.',
  files: 'Files of the tenant.',
  calendar: 'Calendar events of the acting user.',
  presence: 'Presence of the tenant’s users.',
  fax: 'Fax listings.',
  meta: 'This API description itself.',
};
