import { readFirstRow } from './any-row';

/**
 * The first row of `table` that matches `where`, locked (`for update`) until the transaction ends, or null;
 * with `fields`, only those. The repositories' "lock the request / invoice / attempt before changing it".
 */
export const lockRow = readFirstRow({ lock: true });
