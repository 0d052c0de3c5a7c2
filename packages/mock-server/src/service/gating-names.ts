import { OPERATION_LIST } from '@commflow/contract';

const unique = (values: (string | null)[]): [string, ...string[]] => {
  const [first, ...rest] = [...new Set(values.filter((value): value is string => value !== null))].sort();
  if (first === undefined) throw new Error('the operation registry names no gating');
  return [first, ...rest];
};

/** Every key permission the registry's operations require, derived, never re-typed. */
export const PERMISSION_NAMES = unique(OPERATION_LIST.map((op) => op.gating.permission));
/** Every tenant module the registry's operations require. */
export const MODULE_NAMES = unique(OPERATION_LIST.map((op) => op.gating.module));
/** Every capability the registry's operations require. */
export const CAPABILITY_NAMES = unique(OPERATION_LIST.map((op) => op.gating.capability));
