import { afterFirstPaint, preloadPageModules } from './lib/first-paint';
import { holdTapsUntilLive } from './lib/early-taps';

// The browser's entry: the server-rendered page is painted first, then the app (./client-app.tsx) is fetched
// and hydrates it. A shopper's tap on a link before then is a plain link; a tap on one of the app's buttons is
// held and given to the app once the page is live (lib/early-taps.ts); text typed before then is kept
// (lib/typed-before-hydration.ts).
const appListens = holdTapsUntilLive();
await afterFirstPaint();
void preloadPageModules();
// React is started in a task of its own, then the app: evaluating both in one task held a slow phone's main
// thread for over 100 ms (docs/web-performance.md#long-tasks-while-the-app-starts).
await import('react-dom/client');
await new Promise((resolve) => setTimeout(resolve, 0));
await import('./client-app');
// The app has called `hydrateRoot`: React takes the taps from now on.
appListens();
