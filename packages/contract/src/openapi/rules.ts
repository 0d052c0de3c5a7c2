/**
 * The rules that tie two fields together, which JSON Schema cannot relate (an order between two
 * instants; two query parameters, which OpenAPI describes apart). Each is stated in the
 * reference's overview, in one sentence of its operation's description and on the field it
 * refuses, from this one list; the zod schemas enforce them (a 400 `VALIDATION_ERROR` whose issue
 * names the field).
 */
import type { OperationId } from '../operations.js';
import { isJsonObject } from './json-schema.js';

/** One rule: where it applies, and the field it refuses. */
export interface CrossFieldRule {
  /** Where the rule applies, for the overview's list. */
  readonly when: string;
  readonly rule: string;
  /** The operations whose description states it. */
  readonly operations: readonly OperationId[];
  /** A component schema and its property, or the operations' query parameter. */
  readonly on: { readonly schema: string; readonly property: string } | { readonly parameter: string };
}

/** A cursor-paged list's rule, stated on its `offset` and its `cursor` parameters by pagination.ts. */
export const CURSOR_OFFSET_RULE = 'a `cursor` cannot be sent with a non-zero `offset`';

/** Every cross-field rule of the contract stated on one field. */
export const CROSS_FIELD_RULES: readonly CrossFieldRule[] = [
  {
    when: 'creating a calendar event',
    rule: '`endTime` must be after `startTime`',
    operations: ['calendar.create'],
    on: { schema: 'CreateCalendarEventBody', property: 'endTime' },
  },
  {
    when: 'listing calendar events',
    rule: '`endDate` must be after `startDate`, when both are given',
    operations: ['calendar.list'],
    on: { parameter: 'endDate' },
  },
];

/**
 * The rules an operation's description states, one sentence each: its own, and the paging rule
 * wherever it takes both `cursor` and `offset`.
 */
export function operationRules(id: string, parameterNames: readonly string[]): string[] {
  const rules = CROSS_FIELD_RULES.filter(({ operations }) => operations.some((operation) => operation === id)).map(
    ({ rule }) => rule,
  );
  if (parameterNames.includes('cursor') && parameterNames.includes('offset')) rules.push(CURSOR_OFFSET_RULE);
  return rules.map((rule) => withRule(undefined, rule));
}

/** The overview's list of the rules. */
export const crossFieldRulesMarkdown = (): string =>
  [
    ...CROSS_FIELD_RULES.map(({ when, rule }) => `- ${when}: ${rule};`),
    `- lists that page by cursor: ${CURSOR_OFFSET_RULE}.`,
  ].join('\n');

/** Appends a rule to a description. */
const withRule = (description: unknown, rule: string) =>
  `${typeof description === 'string' ? `${description} ` : ''}Rule: ${rule}, else 400 \`VALIDATION_ERROR\`.`;

/**
 * States each rule on the field it refuses: the component schema (and its property), or each of
 * its operations' parameter. `parametersOf` returns an operation's parameters.
 */
export function stateCrossFieldRules(
  schemas: Record<string, unknown>,
  parametersOf: (operation: OperationId) => Record<string, unknown>[],
): void {
  for (const { rule, on, operations } of CROSS_FIELD_RULES) {
    if ('schema' in on) {
      const schema = schemas[on.schema];
      const properties = isJsonObject(schema) ? schema.properties : undefined;
      const property = isJsonObject(properties) ? properties[on.property] : undefined;
      if (!isJsonObject(schema) || !isJsonObject(property)) {
        throw new Error(`No property ${on.schema}.${on.property} to state "${rule}" on.`);
      }
      schema.description = withRule(schema.description, rule);
      property.description = withRule(property.description, rule);
      continue;
    }
    for (const operation of operations) {
      const parameter = parametersOf(operation).find((p) => p.in === 'query' && p.name === on.parameter);
      if (parameter === undefined) throw new Error(`No parameter ${operation} ${on.parameter} to state "${rule}" on.`);
      parameter.description = withRule(parameter.description, rule);
    }
  }
}
