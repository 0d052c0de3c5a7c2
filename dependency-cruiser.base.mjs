// What every package's dependency-cruiser config shares: the rule against import circles (type
// imports count) and how a package is read. Each package adds its own layer rules on top.

/**
 * The rule against import circles, with the package's reason when it has one to add.
 *
 * @param {string} [why] - what the package says beyond the common reason.
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
export function noCircular(why) {
  const comment = 'An import circle (type imports count) couples modules that should be layered.';
  return {
    name: 'no-circular',
    severity: 'error',
    comment: why === undefined ? comment : `${comment} ${why}`,
    from: {},
    to: { circular: true },
  };
}

/** How every package is cruised: its own tsconfig, type-only imports included, packages not followed. */
export const options = {
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
};
