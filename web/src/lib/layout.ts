// Layout constants of spec §9, for JS (matchMedia, scroll offsets). The CSS side lives in
// styles/tokens.css as custom properties with the same values; keep both in step.

export const BREAKPOINTS = { sm: 0, md: 768, lg: 1024, xl: 1440 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export const CONTAINER_MAX_WIDTH = 1440;

/** Header heights in px by breakpoint: main 60/80/72/80, secondary ("rive droite") 60/72/72/80. */
export const HEADER_HEIGHTS = {
  main: { sm: 60, md: 80, lg: 72, xl: 80 },
  secondary: { sm: 60, md: 72, lg: 72, xl: 80 },
} as const satisfies Record<string, Record<Breakpoint, number>>;
export type LayoutKind = keyof typeof HEADER_HEIGHTS;

/** Spacing in rem: small .5, medium .75, large 1, extra-large 1.25. */
export const SPACING_REM = { small: 0.5, medium: 0.75, large: 1, extraLarge: 1.25 } as const;

/** Sizes in px (spec order 12, 21, 36, 24). */
export const SIZES = { small: 12, medium: 21, large: 36, extraLarge: 24 } as const;

export const CLAMPED_HEIGHT = { min: 20, max: 120 } as const;

/** rem base: 1rem = 16px. */
export const BASE_FONT_SIZE = 16;

export const Z_INDEX = { header: 99, modal: 600, popover: 650, loader: 700, skipLink: 800 } as const;

/** The breakpoint of a viewport width (mobile first, min-width). */
export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  return 'sm';
}

/** Header height in px for a viewport width and layout. */
export function headerHeightFor(width: number, layout: LayoutKind = 'main'): number {
  return HEADER_HEIGHTS[layout][breakpointFor(width)];
}

export function clampHeight(px: number): number {
  return Math.min(CLAMPED_HEIGHT.max, Math.max(CLAMPED_HEIGHT.min, px));
}

export function remToPx(rem: number): number {
  return rem * BASE_FONT_SIZE;
}

export function pxToRem(px: number): number {
  return px / BASE_FONT_SIZE;
}
