/**
 * The request core loads on the first call of the process (so that importing the SDK stays
 * cheap), or ahead of it with `CommFlow.preload()`. This file starts with nothing loaded: vitest
 * gives each test file its own module graph.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommFlow, ValidationError } from '../src/index.js';
import { rejectionOf, setup } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading the request core', () => {
  it('a first call made at once after construction waits for it and succeeds', async () => {
    const { client, sent } = setup();
    const presence = await client.presence.list();
    expect(presence.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
  });

  it('validates the first call too, and sends nothing when it is invalid', async () => {
    const { ann, sent } = setup();
    const error = await rejectionOf(ann.contacts.create({ firstName: '' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('body.firstName');
    expect(sent).toHaveLength(0);
  });

  it('after preload(), a call is sent without waiting for anything but promises', async () => {
    await CommFlow.preload();
    vi.useFakeTimers();
    const { client, sent } = setup();
    const call = client.presence.list();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await expect(call).resolves.toBeInstanceOf(Array);
  });
});
