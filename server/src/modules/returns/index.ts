export { returnReasons } from './texts.ts';
export { returnsModule } from './module.ts';
