import { describe, expect, it } from "vitest";
import { testConfig } from "../testing/test-utils";
import { applyBrandColours, brandProperties } from "./brand-style";

describe("the brand's colours on the page", () => {
  it("sets the header and footer's colours and Bootstrap's primary, with its shades, on the root element", () => {
    const meta = document.createElement("meta");
    meta.name = "theme-color";
    meta.content = "#0a3d47";
    document.head.append(meta);
    applyBrandColours({ primary: "#7a1f5c", ink: "#3b1f4a", inkText: "#ece4f2", accent: "#ffc857" });
    const root = document.documentElement.style;
    expect(root.getPropertyValue("--portal-brand-ink")).toBe("#3b1f4a");
    expect(root.getPropertyValue("--portal-brand-ink-text")).toBe("#ece4f2");
    expect(root.getPropertyValue("--portal-brand-accent")).toBe("#ffc857");
    expect(root.getPropertyValue("--bs-primary")).toBe("#7a1f5c");
    expect(root.getPropertyValue("--bs-primary-rgb")).toBe("122, 31, 92");
    expect(root.getPropertyValue("--bs-link-color-rgb")).toBe("122, 31, 92");
    // Bootstrap's Sass makes the link under the pointer 20 % darker, the button's hover 15 %.
    expect(root.getPropertyValue("--bs-link-hover-color")).toBe("#62194a");
    expect(root.getPropertyValue("--portal-brand-primary-hover")).toBe("#681a4e");
    expect(meta.content).toBe("#3b1f4a");
    meta.remove();
  });

  it("gives the example brand the values bootstrap.scss compiles for it", () => {
    const properties = new Map(brandProperties(testConfig.brand.colours));
    expect(properties.get("--bs-link-hover-color-rgb")).toBe("11, 75, 89");
    expect(properties.get("--portal-brand-primary-focus-border")).toBe("#87afb7");
    expect(properties.get("--bs-focus-ring-color")).toBe("rgba(14, 94, 111, 0.25)");
  });
});
