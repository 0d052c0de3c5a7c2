import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, isUserScoped, operations, type OperationId } from '@commflow/contract';
import * as z from 'zod/mini';
import type { Answer, SuccessAnswer } from '../session.js';
import { defineCheck, listOperationIds, queryParameters, type CheckContext } from './context.js';

/** The paged lists a check can walk with the main key alone: no acting user, no path parameter. */
const pagedLists = (kind?: 'cursor') =>
  listOperationIds((id) => {
    const op = operations[id];
    return op.pagination !== 'none' && (kind === undefined || op.pagination === kind) && !isUserScoped(op);
  });

/** A list's data, by result key; each item of a paged list has an id. */
const ListData = z.record(z.string(), z.unknown());
const ListItems = z.array(z.object({ id: z.string() }));

/** The items of a list answer, by the operation's result key. */
export function itemsOf<Id extends OperationId>(id: Id, answer: SuccessAnswer<Id>): { id: string }[] {
  const key = operations[id].resultKey;
  const data = ListData.safeParse(answer.data);
  const items = key === undefined || !data.success ? undefined : ListItems.safeParse(data.data[key]);
  return items?.success === true ? items.data : [];
}

function pageOf<Id extends OperationId>(ctx: CheckContext, id: Id, answer: Answer<Id>, why: string) {
  ctx.expectSuccess(answer, why);
  const pagination = answer.meta.pagination;
  ctx.expect(pagination !== undefined, `${why}: no meta.pagination on a paged list`, answer);
  return { pagination, items: itemsOf(id, answer), answer };
}

export const paginationLimitsCheck = defineCheck({
  id: 'pagination.limits',
  title: `Page size: ${DEFAULT_PAGE_LIMIT} by default, at most ${MAX_PAGE_LIMIT}, outside 1..${MAX_PAGE_LIMIT} refused`,
  rules: ['R19', 'R20'],
  rule: 'R19 limit 1..100, default 50, outside that 400 VALIDATION_ERROR; R20 meta.pagination on every paged list',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    let checked = 0;
    for (const id of pagedLists()) {
      const first = await ctx.call(id);
      if (ctx.unavailable(id, first)) continue;
      checked++;
      const plain = pageOf(ctx, id, first, `${id} without limit`);
      ctx.expect(
        plain.pagination.limit === DEFAULT_PAGE_LIMIT,
        `${id} without limit: meta.pagination.limit is ${plain.pagination.limit}, not ${DEFAULT_PAGE_LIMIT}`,
        plain.answer,
      );
      ctx.expect(
        plain.items.length <= DEFAULT_PAGE_LIMIT,
        `${id} without limit returned ${plain.items.length} items`,
        plain.answer,
      );
      ctx.expect(
        plain.pagination.offset === 0,
        `${id} without offset: meta.pagination.offset is ${plain.pagination.offset}`,
        plain.answer,
      );
      ctx.expect(
        plain.pagination.hasMore ||
          plain.items.length < DEFAULT_PAGE_LIMIT ||
          plain.items.length === DEFAULT_PAGE_LIMIT,
        `${id}: hasMore is inconsistent`,
        plain.answer,
      );
      const largest = pageOf(
        ctx,
        id,
        await ctx.call(id, { query: { limit: MAX_PAGE_LIMIT } }),
        `${id} with limit=${MAX_PAGE_LIMIT}`,
      );
      ctx.expect(
        largest.pagination.limit === MAX_PAGE_LIMIT && largest.items.length <= MAX_PAGE_LIMIT,
        `${id} with limit=${MAX_PAGE_LIMIT}: meta.pagination.limit is ${largest.pagination.limit} and ${largest.items.length} items came`,
        largest.answer,
      );
      if (plain.pagination.hasMore) {
        ctx.expect(
          largest.items.length > plain.items.length || !largest.pagination.hasMore,
          `${id}: limit=${MAX_PAGE_LIMIT} returned no more than the default page`,
          largest.answer,
        );
      }
      const one = pageOf(ctx, id, await ctx.call(id, { query: { limit: 1 } }), `${id} with limit=1`);
      ctx.expect(one.items.length <= 1, `${id} with limit=1 returned ${one.items.length} items`, one.answer);
      ctx.expect(
        one.pagination.hasMore === plain.items.length > 1,
        `${id} with limit=1: hasMore is ${one.pagination.hasMore} while the list has ${plain.items.length} items`,
        one.answer,
      );
      for (const limit of [MAX_PAGE_LIMIT + 1, 0]) {
        ctx.expectError(await ctx.call(id, { query: { limit } }), 'VALIDATION_ERROR', `${id} with limit=${limit}`);
      }
    }
    if (checked === 0) ctx.skip('no paged list is available to this key and tenant');
  },
});

/** How far a walk goes: enough pages to cross several boundaries, bounded on a big tenant. */
const WALK_PAGE_SIZE = 3;
const WALK_MAX_PAGES = 20;

export const cursorWalkCheck = defineCheck({
  id: 'pagination.cursor-walk',
  title: 'A cursor walk returns every item once, in the order of an offset walk',
  rules: ['R21', 'R20', 'R23'],
  rule: 'R21 a cursor walk returns every item once; R20 nextCursor a string exactly when hasMore; R23 the default order',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    let checked = 0;
    for (const id of pagedLists('cursor')) {
      if (ctx.unavailable(id, await ctx.call(id, { query: { limit: 1 } }))) continue;
      checked++;
      const byCursor: string[] = [];
      let cursor: string | undefined;
      let complete = false;
      for (let page = 0; page < WALK_MAX_PAGES; page++) {
        const query: Record<string, string | number> = { limit: WALK_PAGE_SIZE };
        if (cursor !== undefined) query.cursor = cursor;
        const { pagination, items, answer } = pageOf(
          ctx,
          id,
          await ctx.call(id, { query }),
          `${id} page ${page + 1} by cursor`,
        );
        for (const item of items) {
          ctx.expect(
            !byCursor.includes(item.id),
            `${id}: item ${item.id} came twice in a cursor walk (page ${page + 1})`,
            answer,
          );
          byCursor.push(item.id);
        }
        ctx.expect(
          pagination.hasMore === (pagination.nextCursor !== null),
          `${id} page ${page + 1}: hasMore is ${pagination.hasMore} but nextCursor is ${JSON.stringify(pagination.nextCursor)}`,
          answer,
        );
        if (pagination.nextCursor === null) {
          complete = true;
          break;
        }
        ctx.expect(
          items.length === WALK_PAGE_SIZE,
          `${id} page ${page + 1}: ${items.length} items before the last page`,
          answer,
        );
        cursor = pagination.nextCursor;
      }
      const byOffset: string[] = [];
      for (let page = 0; page < WALK_MAX_PAGES; page++) {
        const offset = page * WALK_PAGE_SIZE;
        const query = { limit: WALK_PAGE_SIZE, offset };
        const { pagination, items } = pageOf(ctx, id, await ctx.call(id, { query }), `${id} at offset ${offset}`);
        byOffset.push(...items.map((item) => item.id));
        if (!pagination.hasMore) break;
      }
      const compared = Math.min(byCursor.length, byOffset.length);
      for (let index = 0; index < compared; index++) {
        if (byCursor[index] !== byOffset[index]) {
          ctx.fail(
            `${id}: item ${index + 1} of the cursor walk is ${byCursor[index]}, of the offset walk ${byOffset[index]}: the cursor walk has a gap or another order`,
          );
        }
      }
      if (complete) {
        ctx.expect(
          byOffset.length === byCursor.length,
          `${id}: the cursor walk found ${byCursor.length} items, the offset walk ${byOffset.length}`,
        );
      }
    }
    if (checked === 0) ctx.skip('no cursor-paged list is available to this key and tenant');
  },
});

export const badCursorCheck = defineCheck({
  id: 'pagination.bad-cursor',
  title: 'A malformed cursor, or one from another list, is 400 INVALID_CURSOR',
  rules: ['R22'],
  rule: 'R22 a malformed cursor, or one of another list or filters, is 400 INVALID_CURSOR; a cursor with a non-zero offset is 400 VALIDATION_ERROR',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    const [first, second] = pagedLists('cursor');
    if (first === undefined) ctx.skip('the registry has no cursor-paged list');
    ctx.expectError(
      await ctx.call(first, { query: { cursor: 'not-a-cursor' } }),
      'INVALID_CURSOR',
      `${first} with cursor=not-a-cursor`,
    );
    const page = pageOf(ctx, first, await ctx.call(first, { query: { limit: 1 } }), `${first} with limit=1`);
    const cursor = page.pagination.nextCursor;
    if (cursor === null) ctx.skip(`${first} has a single item: no cursor to reuse`);
    ctx.expectError(
      await ctx.call(first, { query: { cursor, offset: 1 } }),
      'VALIDATION_ERROR',
      `${first} with a cursor and offset=1`,
    );
    if (queryParameters(first).includes('search')) {
      ctx.expectError(
        await ctx.call(first, { query: { cursor, search: 'a' } }),
        'INVALID_CURSOR',
        `${first} with a cursor issued without the search filter`,
      );
    }
    if (second !== undefined) {
      ctx.expectError(
        await ctx.call(second, { query: { cursor } }),
        'INVALID_CURSOR',
        `${second} with a cursor issued by ${first}`,
      );
    }
  },
});
