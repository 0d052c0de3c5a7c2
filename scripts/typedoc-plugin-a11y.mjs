// The typedoc plugin that fixes what axe-core finds on the docs site's pages, in the HTML typedoc
// writes (docs/site.css holds the fixes that are style):
// - a guide's table that is wider than its column scrolls inside it (docs/site.css), so it is
//   focusable: a keyboard user reaches it and scrolls it with the arrow keys
//   (axe: scrollable-region-focusable). A code block needs no tabindex: its copy button is focusable.
// - a member group's heading (Properties, Methods) sits in the `<summary>` that folds the group,
//   and typedoc puts its permalink there too: a link inside a control (axe: nested-interactive).
//   The permalink goes; the heading keeps its id, so `#properties` links still land on it.
import { PageEvent } from 'typedoc';

/** Makes every table of rendered markdown or comment text focusable. */
export function focusableTables(html) {
  return html.replace(/<table>/g, '<table tabindex="0">');
}

/** Drops the permalinks inside `<summary>` elements. */
export function noLinksInSummaries(html) {
  return html.replace(/<summary\b[^>]*>[\s\S]*?<\/summary>/g, (summary) =>
    summary.replace(/<a href="#[^"]*" aria-label="Permalink" class="tsd-anchor-icon">[\s\S]*?<\/a>/g, ''),
  );
}

export function load(app) {
  app.renderer.on(PageEvent.END, (page) => {
    if (page.contents !== undefined) page.contents = noLinksInSummaries(focusableTables(page.contents));
  });
}
