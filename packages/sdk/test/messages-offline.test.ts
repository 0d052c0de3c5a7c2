/**
 * The English messages of invalid arguments load on the first invalid call (core/messages.ts). A
 * browser that has gone offline cannot load that chunk: the call must still reject with a
 * ValidationError that names every field, never with the chunk-loading failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { rejectionOf, setup } from './helpers.js';

vi.mock('../src/core/messages.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('invalid arguments when the messages cannot load', () => {
  it('reject with a ValidationError naming each field and its issue code; nothing is sent', async () => {
    const { ValidationError } = await import('../src/index.js');
    const { ann, sent } = setup();
    const error = await rejectionOf(
      ann.contacts.create({ firstName: 'Ann', phoneMobile: '555', nickname: 'A' } as never),
    );
    expect(error).toBeInstanceOf(ValidationError);
    const { issues } = error as InstanceType<typeof ValidationError>;
    expect(issues).toEqual([
      { path: ['body', 'phoneMobile'], message: 'Invalid input (invalid_format)' },
      { path: ['body', 'nickname'], message: 'Unrecognized key' },
    ]);
    expect(sent).toHaveLength(0);
  });

  it('keep a message the schema gives itself', async () => {
    const { ValidationError } = await import('../src/index.js');
    const { ann } = setup();
    const error = await rejectionOf(ann.contacts.create({ firstName: 'Ann' }, { idempotencyKey: 'tab\there' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as InstanceType<typeof ValidationError>).issues).toEqual([
      { path: ['options', 'idempotencyKey'], message: 'must be printable ASCII' },
    ]);
  });
});
