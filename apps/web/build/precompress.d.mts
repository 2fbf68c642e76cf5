import type { Plugin } from 'vite';

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`; returns the paths written. */
export function precompressDir(dir: string): string[];
/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin;
