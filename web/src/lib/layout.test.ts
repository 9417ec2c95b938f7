import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  CONTAINER_MAX_WIDTH,
  HEADER_HEIGHTS,
  SIZES,
  SPACING_REM,
  Z_INDEX,
  breakpointFor,
  clampHeight,
  headerHeightFor,
  pxToRem,
  remToPx,
} from './layout';

describe('layout constants (spec §9)', () => {
  it('picks the breakpoint mobile first', () => {
    expect([0, 767, 768, 1023, 1024, 1439, 1440, 2000].map(breakpointFor)).toEqual([
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
      'xl',
    ]);
  });
  it('gives the header heights of both layouts', () => {
    expect([390, 800, 1100, 1600].map((w) => headerHeightFor(w))).toEqual([60, 80, 72, 80]);
    expect([390, 800, 1100, 1600].map((w) => headerHeightFor(w, 'secondary'))).toEqual([60, 72, 72, 80]);
  });
  it('clamps heights to 20–120 px and converts rem at 16 px', () => {
    expect([5, 50, 500].map(clampHeight)).toEqual([20, 50, 120]);
    expect(remToPx(SPACING_REM.extraLarge)).toBe(20);
    expect(pxToRem(12)).toBe(0.75);
  });
  it('matches tokens.css', () => {
    const css = readFileSync(join(import.meta.dirname, '../styles/tokens.css'), 'utf8');
    const v = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    expect(v('bp-md')).toBe(`${BREAKPOINTS.md}px`);
    expect(v('bp-lg')).toBe(`${BREAKPOINTS.lg}px`);
    expect(v('bp-xl')).toBe(`${BREAKPOINTS.xl}px`);
    expect(v('container-max-width')).toBe(`${CONTAINER_MAX_WIDTH}px`);
    expect(v('header-height-main-md')).toBe(`${HEADER_HEIGHTS.main.md}px`);
    expect(v('header-height-secondary-md')).toBe(`${HEADER_HEIGHTS.secondary.md}px`);
    expect(v('space-small')).toBe(`${SPACING_REM.small}rem`);
    expect(v('space-extra-large')).toBe(`${SPACING_REM.extraLarge}rem`);
    expect(v('size-medium')).toBe(`${SIZES.medium}px`);
    expect(v('z-modal')).toBe(String(Z_INDEX.modal));
    expect(v('z-loader')).toBe(String(Z_INDEX.loader));
    expect(v('z-header')).toBe(String(Z_INDEX.header));
    expect(v('clamped-height-min')).toBe('20px');
    expect(v('clamped-height-max')).toBe('120px');
    expect(v('font-base')).toBe('16px');
  });
});
