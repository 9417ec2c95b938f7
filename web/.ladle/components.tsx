import type { GlobalProvider } from '@ladle/react';
import { useEffect } from 'react';
import '../src/styles/global.css';

/**
 * Global decorator for every story:
 * - loads the design tokens and global styles;
 * - mirrors Ladle's theme switch onto <html data-theme="light|dark"> (how the app selects themes);
 * - mirrors Ladle's RTL switch onto <html dir>;
 * - lets a story opt into the secondary ("rive droite") layout with `Story.meta = { layout: 'secondary' }`.
 */
export const Provider: GlobalProvider = ({ children, globalState, storyMeta }) => {
  const theme = globalState.theme;
  const rtl = globalState.rtl;
  const layout = (storyMeta as { layout?: string } | undefined)?.layout === 'secondary' ? 'secondary' : 'main';

  useEffect(() => {
    const root = document.documentElement;
    const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    const dark = theme === 'dark' || (theme === 'auto' && prefersDark);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
    root.setAttribute('data-layout', layout);
    root.setAttribute('dir', rtl ? 'rtl' : 'ltr');
  }, [theme, rtl, layout]);

  return (
    <div
      style={{
        minHeight: '100%',
        padding: 'var(--space-2xl) var(--container-gutter)',
        background: 'var(--color-bg)',
        color: 'var(--color-text)',
      }}
    >
      {children}
    </div>
  );
};
