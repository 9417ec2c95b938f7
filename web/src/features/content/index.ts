// The content feature: CMS components and the renderer of content pages.
export { ContentRenderer, opensWithHero } from './components/content-renderer';
export { ContentSlotsProvider, type ContentSlots } from './components/content-context';
export { CmsLink, ACTION_MODALS } from './components/cms-link';
export { InfoBanner } from './components/info-banner';
export { Accordion } from './components/accordion';
export { SnapCarousel } from './components/snap-carousel';
export { buildTree, type CmsNode, type CmsComponent } from './tree';
export { CalendarCard, eventDates } from './components/calendar-card';
