import { afterFirstPaint, preloadPageModules } from './lib/first-paint';

// The browser's entry: the server-rendered page is painted first, then the app (./client-app.tsx) is fetched
// and hydrates it. A shopper's tap on a link before then is a plain link; text typed before then is kept
// (lib/typed-before-hydration.ts).
await afterFirstPaint();
preloadPageModules();
await import('./client-app');
