import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** How a file or directory reaches the disk; injectable so a test can see every flush. */
export type DiskSync = {
  /** A regular file (WAL segment, data file): its data and the size needed to read it back. */
  file: (fd: number) => void;
  /** A directory whose entries changed (a file created, renamed or removed). */
  directory: (fd: number) => void;
};

export const nodeDiskSync: DiskSync = { file: fs.fdatasyncSync, directory: fs.fsyncSync };

type EmscriptenStream = { nfd: number; node: { mode: number } };
type EmscriptenModule = {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
  FS: { isDir: (mode: number) => boolean };
};

/**
 * PGlite's file system on Node (Emscripten's NODEFS) has no fsync: PostgreSQL's fsync() of a WAL
 * segment returns without touching the disk, and PGlite also starts PostgreSQL with `-F` (fsync off).
 * A commit was therefore acknowledged once its WAL was in the OS cache (decision 007). This file system
 * gives NODEFS a real fsync, so the fsyncs PostgreSQL already makes — the WAL at every commit, data files
 * and directories at checkpoints — reach the disk before the query returns.
 */
class DurableNodeFS extends NodeFS {
  readonly #sync: DiskSync;

  constructor(dataDir: string, sync: DiskSync) {
    super(dataDir);
    this.#sync = sync;
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const sync = this.#sync;
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: unknown) => {
        const mod = module as EmscriptenModule;
        mod.NODEFS.stream_ops.fsync = (stream) => {
          if (mod.FS.isDir(stream.node.mode)) sync.directory(stream.nfd);
          else sync.file(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * Options for a PGlite kept in `dir` whose acknowledged commits survive an OS crash or power cut:
 * the durable file system, PGlite's start parameters without `-F`, and `wal_sync_method=fsync`
 * (Emscripten's fdatasync() is a stub that never reaches the file system; fsync() reaches ours,
 * which flushes a file with fdatasync, PostgreSQL's own choice for WAL on Linux).
 */
export function durablePgliteOptions(
  dir: string,
  sync: DiskSync = nodeDiskSync,
): Pick<PGliteOptions, 'fs' | 'startParams'> & { postgresqlconf: string[] } {
  return {
    fs: new DurableNodeFS(dir, sync),
    startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
    postgresqlconf: ['wal_sync_method=fsync'],
  };
}

/**
 * Flushes every file and directory under `dir`: used once after PGlite created a new cluster, whose files
 * initdb wrote without any fsync.
 */
export function syncTree(dir: string, sync: DiskSync = nodeDiskSync): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full, sync);
    else if (entry.isFile()) withFd(full, sync.file);
  }
  withFd(dir, sync.directory);
}

function withFd(file: string, fn: (fd: number) => void) {
  const fd = fs.openSync(file, 'r');
  try {
    fn(fd);
  } finally {
    fs.closeSync(fd);
  }
}
