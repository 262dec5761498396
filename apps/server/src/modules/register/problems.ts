import { showRefusedCharacters } from "./row-schemas.js";

// A problem found in the files: where (file, line, column) and what, in words for the operator.
// Messages never quote a value from the files: the operator has the file, and an ID number or a
// name has no business in a terminal's scroll-back or a CI log. The file and column may be names
// found in the folder (a file or column the import does not know): their control and
// bidirectional characters are shown by their codes.

export interface Problem {
  file: string;
  /** 1-based line of the file; absent for a problem with the file as a whole. */
  line?: number;
  column?: string;
  message: string;
}

/** `members.csv:14:date_of_birth: Expected a date written yyyy-MM-dd.` */
export function formatProblem(problem: Problem): string {
  const position = [problem.file, problem.line, problem.column].filter((part) => part !== undefined);
  return `${showRefusedCharacters(position.join(":"))}: ${problem.message}`;
}

/** In file order, then line order, so the report reads like the files. */
export function sortProblems(problems: readonly Problem[], fileOrder: readonly string[]): Problem[] {
  const rank = (file: string) => {
    const index = fileOrder.indexOf(file);
    return index === -1 ? fileOrder.length : index;
  };
  return [...problems].sort(
    (a, b) => rank(a.file) - rank(b.file) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}
