// The content feature: CMS components and the renderer of content pages.
export { ContentRenderer, opensWithHero } from './components/content-renderer';
export { ContentSlotsProvider, type ContentSlots } from './components/content-context';
export { CmsLink } from './components/cms-link';
export { InfoBanner } from './components/info-banner';
export { CalendarCard } from './components/calendar-card';
