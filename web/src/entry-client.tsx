import { afterFirstPaint, preloadPageModules } from './lib/first-paint';
import { holdTapsUntilLive } from './lib/early-taps';

// The browser's entry: the server-rendered page is painted first, then the app (./client-app.tsx) is fetched
// and hydrates it. A shopper's tap on a link before then is a plain link; a tap on one of the app's buttons is
// held and given to the app once the page is live (lib/early-taps.ts); text typed before then is kept
// (lib/typed-before-hydration.ts).
holdTapsUntilLive();
await afterFirstPaint();
preloadPageModules();
await import('./client-app');
