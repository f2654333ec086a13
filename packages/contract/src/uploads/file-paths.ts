// Where the server serves uploaded files: no schema, and free of zod, apart from uploads.ts, because
// screens that link files read them on their first load (docs/performance.md).

/** Public files, at `${FILES_PATH}/{id}/{fileName}`. */
export const FILES_PATH = 'files';
/**
 * Private files (a company's KYC documents) at `${PRIVATE_FILES_PATH}/{id}/{fileName}`: to signed-in
 * staff who may view the model's module, or through a short-lived signed link (`?expires=&signature=`).
 */
export const PRIVATE_FILES_PATH = 'files/private';
/**
 * How long a signed link to a private file works: long enough to open it from the screen that listed
 * it, short enough that a link copied into a mail or a log is soon useless.
 */
export const PRIVATE_FILE_LINK_TTL_MS = 15 * 60 * 1000;
