import { afterEach } from 'vitest';

/**
 * Registers an `afterEach` that closes every mock handed to the returned function during a test
 * of the calling file, so that no timer or server outlives its test. Call it once, at the top.
 */
export function closeAfterEach(): <M extends { close(): Promise<void> }>(mock: M) => M {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((mock) => mock.close()));
  });
  return (mock) => {
    open.push(mock);
    return mock;
  };
}
