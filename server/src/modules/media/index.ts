export { mediaModule } from './module.ts';
