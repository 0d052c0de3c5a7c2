/**
 * The closest-name suggestion the control surface's filters (and the in-process journal and
 * matchers) give for an unknown operation id or event type.
 */
import { EVENT_TYPE_NAMES } from '@commflow/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestNames, OPERATION_IDS, unknownNameMessage } from '../src/control-api/index.js';

/** `name` with one slip of the fingers: a letter dropped, doubled, changed, or two swapped. */
const slip = (name: string, at: number, kind: number, letter: string): string => {
  const i = at % name.length;
  const j = Math.min(i + 1, name.length - 1);
  if (kind === 0) return name.slice(0, i) + name.slice(i + 1);
  if (kind === 1) return name.slice(0, i) + (name[i] ?? '') + name.slice(i);
  if (kind === 2) return name.slice(0, i) + letter + name.slice(i + 1);
  return name.slice(0, i) + (name[j] ?? '') + (name[i] ?? '') + name.slice(j + 1);
};

describe('closest names', () => {
  it('names the issue’s examples', () => {
    expect(closestNames('sms.sentt', EVENT_TYPE_NAMES)[0]).toBe('sms.sent');
    expect(closestNames('contacts.craete', OPERATION_IDS)[0]).toBe('contacts.create');
    expect(unknownNameMessage('operation id', 'sms.sendd', OPERATION_IDS)).toMatch(
      /^unknown operation id "sms\.sendd"; did you mean "sms\.send"/,
    );
    // Nothing close: still the nearest three, said as such.
    expect(unknownNameMessage('operation id', 'nope.nope', OPERATION_IDS)).toMatch(
      /^unknown operation id "nope\.nope"; none is close, the nearest are "[^"]+", "[^"]+" or "[^"]+"$/,
    );
  });

  it('one slip in any operation id or event type suggests it among the closest', () => {
    const known = [...OPERATION_IDS, ...EVENT_TYPE_NAMES];
    fc.assert(
      fc.property(
        fc.constantFrom(...known),
        fc.nat(),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('a', 'e', 'i', 'n', 's', 't', 'x', 'z'),
        (name, at, kind, letter) => {
          const typed = slip(name, at, kind, letter);
          fc.pre(!known.includes(typed));
          expect(closestNames(typed, known, 3)).toContain(name);
        },
      ),
      { numRuns: 300 },
    );
  });
});
