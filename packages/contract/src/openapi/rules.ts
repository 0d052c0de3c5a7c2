/**
 * The rules that tie two fields together, which JSON Schema cannot relate. Each is stated in the
 * reference's overview and on the field it refuses, from this one list; the zod schemas enforce
 * them (a 400 `VALIDATION_ERROR` whose issue names the field).
 */
import type { OperationId } from '../operations.js';

/** One rule: where it applies, and the field it refuses. */
export interface CrossFieldRule {
  /** Where the rule applies, for the overview's list. */
  readonly when: string;
  readonly rule: string;
  /** A component schema and its property, or an operation and its query parameter. */
  readonly on:
    | { readonly schema: string; readonly property: string }
    | { readonly operation: OperationId; readonly parameter: string };
}

/** Every cross-field rule of the contract. */
export const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  {
    when: 'creating a calendar event',
    rule: '`endTime` must be after `startTime`',
    on: { schema: 'CreateCalendarEventBody', property: 'endTime' },
  },
  {
    when: 'listing calendar events',
    rule: '`endDate` must be after `startDate`, when both are given',
    on: { operation: 'calendar.list', parameter: 'endDate' },
  },
];

/** The overview's list of the rules. */
export const crossFieldRulesMarkdown = (): string =>
  CROSS_FIELD_RULES.map(({ when, rule }) => `- ${when}: ${rule};`).join('\n');

/** Appends a rule to a description. */
const withRule = (description: unknown, rule: string) =>
  `${typeof description === 'string' ? `${description} ` : ''}Rule: ${rule}, else 400 \`VALIDATION_ERROR\`.`;

/**
 * States each rule on the field it refuses: the component schema (and its property), or the
 * operation's parameter. `parametersOf` returns an operation's parameters.
 */
export function stateCrossFieldRules(
  schemas: Record<string, unknown>,
  parametersOf: (operation: OperationId) => Record<string, unknown>[],
): void {
  for (const { rule, on } of CROSS_FIELD_RULES) {
    if ('schema' in on) {
      const schema = schemas[on.schema] as {
        description?: string;
        properties?: Record<string, Record<string, unknown>>;
      };
      const property = schema.properties?.[on.property];
      if (property === undefined) throw new Error(`No property ${on.schema}.${on.property} to state "${rule}" on.`);
      schema.description = withRule(schema.description, rule);
      property.description = withRule(property.description, rule);
    } else {
      const parameter = parametersOf(on.operation).find((p) => p.in === 'query' && p.name === on.parameter);
      if (parameter === undefined)
        throw new Error(`No parameter ${on.operation} ${on.parameter} to state "${rule}" on.`);
      parameter.description = withRule(parameter.description, rule);
    }
  }
}
