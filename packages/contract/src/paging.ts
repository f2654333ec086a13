// Apart from envelope.ts and free of zod, so that a list screen reading the page sizes does not download zod.

/** Paginate bodies of this family: `{page, limit, filter, sort, search}`, answered with `{list, count}`. */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;
