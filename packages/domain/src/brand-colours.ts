// The arithmetic of the brand's colours (#rrggbb): the contrast the brand file is checked for, and
// the shades the SPA derives from its primary colour as Bootstrap's Sass would. No zod: the SPA's
// first load uses it (config/brand-style.ts).

/** A colour as the brand file writes it. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** [red, green, blue], 0 to 255, of a #rrggbb colour. */
export function hexChannels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** Bootstrap's shade-color: the colour mixed with black, `weight` (0 to 1) of black. */
export function shade(hex: string, weight: number): string {
  return toHex(hexChannels(hex).map((channel) => channel * (1 - weight)));
}

/** Bootstrap's tint-color: the colour mixed with white, `weight` (0 to 1) of white. */
export function tint(hex: string, weight: number): string {
  return toHex(hexChannels(hex).map((channel) => channel + (255 - channel) * weight));
}

function luminance(hex: string): number {
  const [r, g, b] = hexChannels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for text: what every pair of the brand's colours that carries text must reach. */
export const TEXT_CONTRAST_MINIMUM = 4.5;
