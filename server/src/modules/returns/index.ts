export { ReturnPages, RETURN_PAGE_KINDS } from './pages.ts';
export { returnReasons } from './texts.ts';
export { returnsModule } from './module.ts';
