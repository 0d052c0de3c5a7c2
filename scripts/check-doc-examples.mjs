// Fails when a public export has no typedoc comment with an @example block.
// Reads the JSON model that `pnpm docs` writes next to the HTML site.
import { readFileSync } from 'node:fs';

const project = JSON.parse(readFileSync(new URL('../docs/api/api.json', import.meta.url), 'utf8'));

// Kinds of module-level exports that need an example (typedoc ReflectionKind values).
const KIND = { Namespace: 4, Enum: 8, Variable: 32, Function: 64, Class: 128, Interface: 256, TypeAlias: 2097152 };
const CHECKED = new Set(Object.values(KIND));

const hasExample = (comment) => comment?.blockTags?.some((tag) => tag.tag === '@example') ?? false;
const documented = (reflection) =>
  hasExample(reflection.comment) ||
  (reflection.signatures ?? []).some((signature) => hasExample(signature.comment)) ||
  hasExample(reflection.type?.declaration?.signatures?.[0]?.comment);

const missing = [];
function visit(node, path) {
  for (const child of node.children ?? []) {
    const name = [...path, child.name].join('.');
    if (child.kind === 2 || child.kind === 1)
      visit(child, [...path, child.name]); // project / module
    else if (CHECKED.has(child.kind) && !documented(child)) missing.push(name);
  }
}
visit(project, []);

if (missing.length > 0) {
  console.error(`Public exports without an @example in their typedoc comment (${missing.length}):`);
  for (const name of missing) console.error(`  - ${name}`);
  process.exit(1);
}
console.log('Every public export has a typedoc comment with an @example.');
