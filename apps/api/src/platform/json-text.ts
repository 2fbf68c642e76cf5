/**
 * JSON that PostgreSQL wrote for a wire value of type T, passed through to the reply as it is: the reads
 * that carry most bytes (lists, the full request) skip parsing rows into objects and writing them again
 * (decision 027). The brand keeps a plain string from standing in for it.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** Trusted JSON text from a statement of ours (never from input). */
export function asJsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}
