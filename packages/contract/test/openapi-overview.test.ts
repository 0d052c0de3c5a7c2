import { describe, expect, it } from 'vitest';
import { createOpenApiDocument, ERROR_CATALOGUE, EVENT_TYPE_NAMES, HEADERS, MAX_PAGE_OFFSET } from '../src/index.js';

const doc = createOpenApiDocument() as unknown as {
  info: { description: string };
  webhooks: Record<string, { post: { security?: unknown[] } }>;
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; description?: string; schema: { maximum?: number } }[] }>
  >;
  components: { schemas: Record<string, unknown> };
};

describe('openapi.json for readers of the HTTP reference and for generators', () => {
  it('opens with authentication, the envelope, every error code and pagination, from the contract', () => {
    const text = doc.info.description;
    for (const heading of ['## Authentication', '## The envelope', '## Errors', '## Pagination'])
      expect(text).toContain(heading);
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(text).toContain(`| \`${code}\` |`);
    expect(text).toContain(HEADERS.tenantId);
    expect(text).toContain(String(MAX_PAGE_OFFSET));
  });

  it('webhooks are checked by signature, not by an API key', () => {
    for (const type of EVENT_TYPE_NAMES) expect(doc.webhooks[type]?.post.security).toEqual([]);
  });

  it('says that cursor and a non-zero offset exclude each other, and bounds offset', () => {
    const params = doc.paths['/api/v1/contacts']?.get?.parameters ?? [];
    const offset = params.find((param) => param.name === 'offset');
    expect(offset?.schema.maximum).toBe(MAX_PAGE_OFFSET);
    expect(offset?.description).toContain('cursor');
    expect(params.find((param) => param.name === 'cursor')?.description).toContain('non-zero `offset`');
  });

  it('says in JSON Schema that ai.agents.chat needs a message with role user', () => {
    expect(JSON.stringify(doc.components.schemas.AiAgentChatBody)).toContain(
      '"contains":{"type":"object","properties":{"role":{"const":"user"}}',
    );
  });
});
