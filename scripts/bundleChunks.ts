/** A chunk of Rollup's output bundle, as far as the build's index.html plugins read it. */
export type BundleChunk = {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
};

/** The chunks of a Vite/Rollup output bundle (assets left out); none when there is no bundle. */
export function bundleChunks(bundle: Record<string, { type: string }> | undefined): BundleChunk[] {
  return Object.values(bundle ?? {}).filter((output) => output.type === "chunk") as unknown as BundleChunk[];
}

/**
 * Appends to `files` each of `start` and, depth first, its static imports (per `chunks`), once each,
 * skipping any file `skip` accepts. Used to list what a chunk needs loaded with it.
 */
export function addWithStaticImports(
  files: string[],
  start: string,
  chunks: readonly BundleChunk[],
  skip: (file: string) => boolean,
): void {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const add = (file: string) => {
    if (skip(file) || files.includes(file)) return;
    files.push(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  add(start);
}
