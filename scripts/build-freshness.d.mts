// Types of build-freshness.mjs, for its test under apps/server.
export declare const BUILD_INPUTS: string[];
export interface InputFile {
  path: string;
  mtimeMs: number;
}
export declare function inputFiles(root: string, inputs?: string[]): InputFile[];
export declare function inputSignature(files: InputFile[]): string;
export declare function buildIsFresh(
  root: string,
  options: { inputs?: string[]; outputs: string[]; stamp: string },
): boolean;
