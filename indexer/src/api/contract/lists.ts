// A paged list route declared in one line of what differs: its path, summary and item, and where it has them its
// path parameters, query fields beyond limit and offset, paging rules, errors, or the object its list is wrapped in.
import * as z from 'zod';
import { paging } from './fields.ts';
import { defineRoute, type RouteContract } from './route.ts';

/** What a list route may have besides its path, summary and item. */
interface ListOptions<Item extends z.ZodType, Extra extends z.ZodRawShape, Params extends z.ZodObject | undefined, Answer extends z.ZodType> {
  /** Path parameters, read before the query. */
  params?: Params;
  /** Query fields read after limit and offset (filters, orders). */
  query?: Extra;
  /** The list's own default or largest limit (10 and 100 otherwise). */
  paging?: { defaultLimit?: number; maxLimit?: number };
  /** The answer around the page's items (a bare array when not given). */
  answer?: (items: z.ZodArray<Item>) => Answer;
  description?: string;
  /** Error statuses beyond 400 and 404, each answered as {error}. */
  errors?: number[];
}

/** limit and offset, as every list route reads them first. */
type PagingShape = ReturnType<typeof paging>;

/** The contract of a list route, its schemas' types kept for the handler that reads through it. */
type ListRoute<Path extends string, Extra extends z.ZodRawShape, Params extends z.ZodObject | undefined, Answer extends z.ZodType> = {
  method: 'GET';
  path: Path;
  summary: string;
  description?: string;
  query: z.ZodObject<PagingShape & Extra, z.core.$strip>;
  answer: Answer;
  errors?: number[];
} & (Params extends z.ZodObject ? { params: Params } : Record<never, never>);

/**
 * A GET route answering a page of `item`s: its query is limit and offset (with the list's paging rules) followed by
 * `options.query`'s fields; its answer the items as a bare array, or `options.answer` of them.
 */
export function pagedListRoute<
  const Path extends string,
  Item extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, never>,
  Params extends z.ZodObject | undefined = undefined,
  Answer extends z.ZodType = z.ZodArray<Item>,
>(path: Path, summary: string, item: Item, options: ListOptions<Item, Extra, Params, Answer> = {}): ListRoute<Path, Extra, Params, Answer> {
  const { params, query, paging: rules, answer, description, errors } = options;
  const items = z.array(item);
  const route = {
    method: 'GET',
    path,
    summary,
    ...(description === undefined ? {} : { description }),
    ...(params === undefined ? {} : { params }),
    query: z.object({ ...paging(rules), ...query }),
    answer: answer ? answer(items) : items,
    ...(errors === undefined ? {} : { errors }),
  };
  // Params present in the type only when given, so that readParams takes the route exactly when it has parameters.
  return defineRoute(route as RouteContract) as ListRoute<Path, Extra, Params, Answer>;
}
