import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatElements } from "./format-elements";

describe("formatElements", () => {
  it("turns each numbered tag into its element, wherever the translation puts it", () => {
    const { container } = render(
      <p>
        {formatElements("Sicela ushayele <0>012 345</0> manje.", [
          <a key="call" href="tel:+2712345">
            number
          </a>,
        ])}
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Sicela ushayele <a href="tel:+2712345">012 345</a> manje.</p>');
  });

  it("leaves a text without tags as it is", () => {
    const { container } = render(<p>{formatElements("Ngena", [])}</p>);
    expect(container.innerHTML).toBe("<p>Ngena</p>");
  });
});
