// Types of build-freshness.mjs, for its test under apps/server.
export declare const BUILD_INPUTS: string[];
export declare function newestInputTime(entry: string): number;
export declare function buildIsFresh(
  root: string,
  options: { inputs?: string[]; outputs: string[]; stamp: string },
): boolean;
