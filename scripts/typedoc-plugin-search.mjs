// The typedoc plugin that shapes the docs site's search index for a reader who searches for a
// task ("retry", "verify webhook", "override"), not a symbol:
// - the guides rank first: typedoc.json's `searchGroupBoosts` raises the Guides group, and each
//   guide is also found by its task words: the words of its own headings (`##`, `###`) and of its
//   entry in the site's index page (docs/index.md, the `readme` option), so a section added to a
//   guide is found without a list to keep; and this plugin lowers the contract package, the layer
//   under the SDK that apps rarely call;
// - each entry is listed once: no re-exports (`Reference`), no inherited copies of a member, no
//   schema constant beside the interface of the same name, and no contract export that the SDK
//   exports under the same name, and one declaration of a name declared twice (a zod schema
//   constant and its interface);
// - internals stay out: members of an object literal's type (`HEADERS.__type.retryAfter`) and
//   anything marked `@internal`;
// - an SDK method is found by the id of the operation it calls (`voice.click2dial`), as a task word.
// scripts/check-docs-site.mjs asserts the top result for each task word.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Converter, IndexEvent, ReflectionKind } from 'typedoc';

/** How much less the contract's entries weigh than the SDK's and the mock's. */
const CONTRACT_BOOST = 0.2;

/** The group of the documents that get task words (their front matter's `group`). */
const GUIDES_GROUP = 'Guides';

/** The text of the `##` and `###` headings of some markdown, fenced code left out (a `#` comment is no heading). */
function headingsIn(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/^#{2,3}\s+(.+)$/gm)].map((match) => match[1]);
}

/**
 * What the index page says of each document it links to, by absolute path: an item with one link
 * (`- [Testing with the mock](guides/testing.md): in-process, msw, snapshots…`) says all its
 * words of it; an item that links several documents, only each link's text.
 */
function indexEntries(readmePath) {
  const entries = new Map();
  const items = readFileSync(readmePath, 'utf8').split(/^- /m).slice(1);
  for (const item of items) {
    const text = item.split(/\n(?! )/)[0] ?? '';
    const links = [...text.matchAll(/\[([^\]]+)\]\(([^)#]+\.md)(?:#[^)]*)?\)/g)];
    for (const [, label, target] of links) {
      const words = links.length === 1 ? text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') : label;
      const path = resolve(dirname(readmePath), target);
      entries.set(path, `${entries.get(path) ?? ''} ${words}`.trim());
    }
  }
  return entries;
}

/**
 * How much a task word weighs against a name (10) and the text (1): a guide's headings and an SDK
 * method's operation id in the `keywords` field, a guide's line on the index page in the `index`
 * field. lunr's BM25 divides a field's score by its length over the average length of that field
 * over every entry, and only the guides (and the methods) have these fields: the average is a
 * fraction of a word, so a guide's words count a few hundredths. The weights give the fields back
 * the strength of a name, times the exact-name bonus (×10) the site's search gives a symbol called
 * just what was typed (`paginate`, `journal`). The index line weighs twice a heading: it is the
 * guide's summary in a sentence, where a long guide's many headings would dilute each word (the
 * testing guide's "Matchers" section against the examples page's two examples of them).
 */
const KEYWORD_WEIGHT = 1000;
const INDEX_WEIGHT = 2000;

/** Which of two declarations of one name search lists. */
const PREFERRED = [
  ReflectionKind.Class,
  ReflectionKind.Interface,
  ReflectionKind.Enum,
  ReflectionKind.TypeAlias,
  ReflectionKind.Function,
  ReflectionKind.Variable,
];

/** The package (module) a reflection belongs to: `@commflow/sdk`. */
function packageOf(reflection) {
  let current = reflection;
  while (current.parent !== undefined && !current.parent.isProject()) current = current.parent;
  return current.kindOf?.(ReflectionKind.Module) ? current.name : undefined;
}

/** The top-level export a reflection is, or sits under. */
function exportOf(reflection) {
  let current = reflection;
  while (current.parent !== undefined && !current.parent.kindOf(ReflectionKind.SomeModule)) current = current.parent;
  return current;
}

const isInternal = (reflection) =>
  reflection.comment?.hasModifier('@internal') === true ||
  (reflection.isDeclaration() && reflection.signatures?.some((s) => s.comment?.hasModifier('@internal')));

/** Why a reflection stays out of the index, or undefined when it stays in. */
function excluded(reflection, sdkExports) {
  if (reflection.isDocument()) return undefined;
  if (reflection.kindOf(ReflectionKind.Reference)) return 're-export';
  if (reflection.parent?.kindOf(ReflectionKind.TypeLiteral)) return 'member of an object literal type';
  if (isInternal(reflection)) return '@internal';
  if (reflection.isDeclaration() && reflection.inheritedFrom !== undefined) return 'inherited copy';
  const top = exportOf(reflection);
  if (packageOf(reflection)?.startsWith('@commflow/contract') && sdkExports.has(top.name)) return 'the SDK exports it';
  // One name, two declarations (a zod schema constant and its interface, or an alias of both): the
  // one a reader means is the first of PREFERRED; the rest stay out.
  const rank = (r) => PREFERRED.findIndex((kind) => r.kindOf(kind)) >>> 0;
  const twin = reflection.parent?.children?.find(
    (other) => other !== reflection && other.name === reflection.name && rank(other) < rank(reflection),
  );
  if (twin !== undefined) return 'a declaration of the same name is listed';
  return undefined;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  // The operation id of each method tagged `@operation`, read before the operations plugin
  // replaces the tag's text with the operation's section (a higher priority runs first). By full
  // name: the packages are converted apart, then merged under their package's name.
  const operationOf = new Map();
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      for (const reflection of Object.values(context.project.reflections)) {
        const tag = reflection.comment?.getTag('@operation');
        if (tag === undefined) continue;
        const id = tag.content
          .map((part) => part.text)
          .join('')
          .trim();
        const method = reflection.kindOf(ReflectionKind.CallSignature) ? reflection.parent : reflection;
        operationOf.set(method.getFullName(), id);
      }
    },
    100,
  );

  const operationFor = (reflection) => {
    const name = reflection.getFullName();
    for (const [method, id] of operationOf) if (name === method || name.endsWith(`.${method}`)) return id;
    return undefined;
  };

  app.renderer.on(IndexEvent.PREPARE_INDEX, (event) => {
    const sdkExports = new Set(
      event.searchResults
        .filter((r) => !r.isDocument() && packageOf(r)?.startsWith('@commflow/sdk') && exportOf(r) === r)
        .map((r) => r.name),
    );
    event.searchFieldWeights.keywords = KEYWORD_WEIGHT;
    event.searchFieldWeights.index = INDEX_WEIGHT;
    const readme = app.options.getValue('readme');
    const index = indexEntries(readme);
    const indexed = new Set();
    event.searchResults.forEach((reflection, i) => {
      if (!reflection.isDocument()) {
        const operation = operationFor(reflection);
        if (operation !== undefined) event.searchFields[i].keywords = operation;
        return;
      }
      if (reflection.frontmatter.group !== GUIDES_GROUP) return;
      event.searchFields[i].keywords = headingsIn(reflection.content.map((part) => part.text).join('')).join(' ');
      const path = reflection.project.files.getReflectionPath(reflection);
      const line = path === undefined ? undefined : index.get(resolve(path));
      if (line !== undefined) {
        event.searchFields[i].index = line;
        indexed.add(resolve(path));
      }
    });
    // No guide matched to its line: the index page's list or the way to a document's file changed.
    if (indexed.size === 0) throw new Error(`typedoc-plugin-search: no guide has a line on ${readme}`);
    for (let i = event.searchResults.length - 1; i >= 0; i--) {
      const reflection = event.searchResults[i];
      if (excluded(reflection, sdkExports) !== undefined) {
        event.removeResult(i);
      } else if (!reflection.isDocument() && packageOf(reflection)?.startsWith('@commflow/contract')) {
        reflection.relevanceBoost = (reflection.relevanceBoost ?? 1) * CONTRACT_BOOST;
      }
    }
  });
}
