import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two '#rrggbb' colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened step by step until it has 4.5:1 against `against`. */
function darkenUntilReadable(color: string, against: string): string {
  let result = color;
  while (contrast(result, against) < 4.5) result = darken(result, 0.92);
  return result;
}

/** '#rrggbb' scaled towards black by `factor` (0.9 = 10 % darker). */
function darken(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((at) => Math.round(Number.parseInt(hex.slice(at, at + 2), 16) * factor));
  return `#${channels.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const readable = new Map<string, string>();

/**
 * The background of a filled button or badge with white text: shade 8, else shade 9, else shade 9 darkened
 * step by step, whichever first reaches 4.5:1 (green, teal, lime, yellow and orange need more than shade 8).
 */
export function filledBackground(shade8: string, shade9: string): string {
  const key = `filled ${shade8}`;
  const known = readable.get(key);
  if (known) return known;
  const background = darkenUntilReadable(contrast(shade8, '#ffffff') >= 4.5 ? shade8 : shade9, '#ffffff');
  readable.set(key, background);
  return background;
}

/** The text of a light badge or alert: shade 9 on shade 0, darkened where that is under 4.5:1 (green). */
export function lightText(shade9: string, shade0: string): string {
  const key = `light ${shade9}`;
  const known = readable.get(key);
  if (known) return known;
  const text = darkenUntilReadable(shade9, shade0);
  readable.set(key, text);
  return text;
}

/** Dark amber for text on yellow: Mantine's darkest yellow (#e67700) is 2.7:1 on its light background. */
const YELLOW_TEXT = '#8a5300';

/**
 * Light variants (badges, alerts, light buttons) put shade 9 text on shade 0 (≥4.5:1 for every colour
 * but yellow, which gets a dark amber); Mantine's own light background is too close to the text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'filled') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return colors;
  if (input.variant === 'filled') {
    // White text on the filled shade: shade 8 where it reaches 4.5:1 (blue, red, …), else a darker one.
    if (colors.color !== 'var(--mantine-color-white)' || parsed.shade !== undefined) return colors;
    const background = filledBackground(palette[8], palette[9]);
    return { ...colors, background, hover: background };
  }
  return {
    ...colors,
    background: palette[0],
    hover: palette[1],
    color: parsed.color === 'yellow' ? YELLOW_TEXT : lightText(palette[9], palette[0]),
  };
};

/**
 * `md` is moved to 64em (1024 px) so that Mantine's `md` is the spec's desktop threshold: the sidebar
 * shows from 1024 px (002 §2.1). `sm` stays 48em (768 px), the mobile breakpoint.
 *
 * WCAG 2.2 AA (issue 17): shade 8 of each colour is the filled shade, so white text on a filled button or
 * badge has at least 4.5:1 (Mantine's default shade 6 gave 3.55:1 on blue); every popup's close button is
 * named 'Close dialog' (not 'Close', which some popups' own buttons are called).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  variantColorResolver,
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    // A plain object, not Modal.extend: importing Modal here put it (and floating-ui, remove-scroll) into
    // the entry that the sign-in screen loads (issue 17, delivery).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // The toasts: a named close button, and their text in the body colour (Mantine's gray 6 is 3.3:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/** Dimmed text: gray 7 (7.5:1 on white) in place of gray 6 (3.3:1), which failed contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  // Error text (field messages) in red 9 (5.5:1) instead of red 6 (3.3:1).
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-error': t.colors.red[9] },
  dark: {},
});
