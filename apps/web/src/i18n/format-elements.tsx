import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

/**
 * A translated sentence with numbered tags (`Please call <0>{number}</0>`) as React nodes: each
 * tag becomes the element of its number, the tag's text its content. The sentence stays whole in
 * the catalogue, so a translator may move the link where their language puts it.
 */
export function formatElements(
  text: string,
  elements: readonly ReactElement<{ children?: ReactNode }>[],
): ReactNode {
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(/<(\d+)>(.*?)<\/\1>/gs)) {
    const [whole, number, inner] = match;
    if (match.index > from) nodes.push(text.slice(from, match.index));
    const element = elements[Number(number)];
    nodes.push(element ? cloneElement(element, { key: nodes.length }, inner) : inner);
    from = match.index + whole.length;
  }
  if (from < text.length) nodes.push(text.slice(from));
  return <Fragment>{nodes}</Fragment>;
}
