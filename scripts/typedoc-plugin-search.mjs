// The typedoc plugin that shapes the docs site's search index for a reader who searches for a
// task ("retry", "verify webhook"), not a symbol:
// - the guides rank first: typedoc.json's `searchGroupBoosts` raises the Guides group, each guide
//   is also found by the task words of GUIDE_KEYWORDS (a reader types "paginate", the guide says
//   "pagination"), and this plugin lowers the contract package, the layer under the SDK that apps
//   rarely call;
// - each entry is listed once: no re-exports (`Reference`), no inherited copies of a member, no
//   schema constant beside the interface of the same name, and no contract export that the SDK
//   exports under the same name, and one declaration of a name declared twice (a zod schema
//   constant and its interface);
// - internals stay out: members of an object literal's type (`HEADERS.__type.retryAfter`) and
//   anything marked `@internal`;
// - an SDK method is found by the id of the operation it calls (`voice.click2dial`), as a task word.
// scripts/check-docs-site.mjs asserts the top result for each task word.
import { Converter, IndexEvent, ReflectionKind } from 'typedoc';

/** How much less the contract's entries weigh than the SDK's and the mock's. */
const CONTRACT_BOOST = 0.2;

/** The task words each guide answers, by title; a title no document has fails the build. */
const GUIDE_KEYWORDS = {
  'Retries, timeouts and idempotency': 'retry retries retrying backoff timeout idempotent',
  Pagination: 'paginate paginating page pages next cursor',
  Webhooks: 'verify verifying webhook signature signing receiver',
  'The SDK in production': 'rate limit limiting throttle concurrency',
  'Testing with the mock': 'snapshot restore isolation fault faults inject',
  'Authentication, tenants and acting users': 'tenant tenants api key acting user',
};

/**
 * How much a task word weighs against a name (10) and the text (1). lunr's BM25 divides a
 * field's score by its length over the average length of that field, and only the guides have
 * keywords: the average is a few hundredths of a word, so a guide's six words count 1/100th.
 * The weight gives the field back the strength of a name, times the exact-name bonus (×10) the
 * site's search gives a symbol called just what was typed (`paginate`, `snapshot`).
 */
const KEYWORD_WEIGHT = 2000;

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
    const titled = new Set();
    event.searchResults.forEach((reflection, i) => {
      const keywords = reflection.isDocument() ? GUIDE_KEYWORDS[reflection.name] : operationFor(reflection);
      if (keywords === undefined) return;
      event.searchFields[i].keywords = keywords;
      if (reflection.isDocument()) titled.add(reflection.name);
    });
    const missing = Object.keys(GUIDE_KEYWORDS).filter((title) => !titled.has(title));
    if (missing.length > 0) throw new Error(`typedoc-plugin-search: no document titled ${missing.join(', ')}`);
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
