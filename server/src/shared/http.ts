// The one place the server imports the generated contract types.
import type { components, operations, paths } from '@storefront/openapi/types';

export type { components, operations, paths };
export type Schemas = components['schemas'];
